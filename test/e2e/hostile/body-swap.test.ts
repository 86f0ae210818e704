/**
 * A page that swaps its body to navigate, as Turbo Drive and htmx's `hx-boost` do: the next page's body
 * replaces this one and the script tags in it run again. The widget lives outside the body, so it stays:
 * one launcher, the panel as the visitor left it, the same conversation, and nothing asked of the API.
 */
import { expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, GREETING, hostPage, SEEN } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

test('a body swapped on navigation keeps the widget, open on the same conversation, and the script run again adds none', async () => {
  const { page } = browser;
  await page.goto(site.page('/swap.html', hostPage({ siteUrl: site.url, apiBase: api.url })));
  const widget = chat(page);
  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  await widget.send('where is order 701?');
  await widget.said('Order #701 has shipped').waitFor(SEEN);
  const asked = (await api.requests()).length;

  // The visit, as Turbo makes it: the next page's body in place of this one, then its script elements run.
  await page.evaluate(async () => {
    const old = document.querySelector('script[data-assistant-id]')!;
    const next = document.createElement('body');
    next.innerHTML = '<h1>Our team</h1><p>Meet the dentists.</p>';
    document.body.replaceWith(next);
    const again = document.createElement('script');
    for (const { name, value } of Array.from(old.attributes)) if (name !== 'data-assistant-chat-mounted') again.setAttribute(name, value);
    await new Promise((resolve, reject) => {
      again.onload = resolve;
      again.onerror = reject;
      next.append(again);
    });
  });

  await page.getByRole('heading', { name: 'Our team' }).waitFor(SEEN);
  expect(await page.locator('assistant-chat-root').count()).toBe(1);
  expect(await widget.said('Order #701 has shipped').isVisible()).toBe(true);
  expect(await widget.launcher.getAttribute('aria-expanded')).toBe('true');

  // It still works: closed and opened again from its launcher, and it sends.
  await widget.launcher.click();
  await widget.panel.waitFor({ state: 'hidden' });
  await widget.open();
  await widget.send('thanks!');
  await expect
    .poll(async () => (await api.requests()).slice(asked).map((request) => `${request.method} ${request.path}`))
    .toEqual([expect.stringMatching(/^POST \/conversations\/[^/]+\/messages$/)]);
  expect(browser.errors.unexpected()).toEqual([]);
});
