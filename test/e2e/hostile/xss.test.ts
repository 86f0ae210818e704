/**
 * Case 3, cross-site scripting: the stand-in's `hostile` reply (raw HTML, event-handler attributes,
 * obfuscated javascript:/data:/vbscript: links, attribute breakouts, images on another origin, absurdly deep
 * and large function-call data) on a host page with no CSP at all, so nothing but the widget stands in the way.
 * Nothing runs, nothing navigates the page, and no request leaves for another origin on the page's own
 * account, even after hovering and clicking every link the widget shows.
 */
import type { Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { HOSTILE_IMAGE_URL, HOSTILE_STRING_LENGTH } from '../../../demo/server/hostile.mjs';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { watchNetwork } from '../helpers/network';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, messagePosts, SEEN, serve } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

describe('a hostile assistant reply on a page without CSP', () => {
  test('renders as inert text and plain links: nothing runs, nothing navigates, nothing is fetched from elsewhere', async () => {
    const { page, context, errors } = browser;
    await installProbe(page);
    const listeners = await inspectListeners(page);
    const network = await watchNetwork(page);

    // Everything that is neither this site nor the API is stopped at the door and written down.
    const allowed = new Set([new URL(site.url).origin, new URL(api.url).origin]);
    const stopped: Array<{ url: string; fromHostPage: boolean; navigation: boolean; referer: string | undefined }> = [];
    await context.route('**/*', async (route, request: Request) => {
      if (allowed.has(new URL(request.url()).origin)) return route.continue();
      let fromHostPage = false;
      try {
        fromHostPage = request.frame().page() === page;
      } catch {
        // A new tab's first navigation has no frame yet: it is not the host page's request.
      }
      stopped.push({
        url: request.url(),
        fromHostPage,
        navigation: request.isNavigationRequest(),
        referer: (await request.allHeaders()).referer,
      });
      return route.abort('blockedbyclient');
    });
    const popups: string[] = [];
    context.on('page', (popup) => popups.push(popup.url()));

    const { url, html } = serve(site, '/no-csp.html', hostPage({ siteUrl: site.url, apiBase: api.url }));
    await page.goto(url);
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);

    await api.fault('hostile');
    await widget.send('tell me something');
    await widget.log.getByRole('heading', { name: /Hostile reply/ }).waitFor(SEEN);

    // Markup arrives as the text it is.
    await widget.said('<script>alert(1)</script>').first().waitFor();
    await widget.said('<img src=x onerror="alert(2)">').waitFor();
    await widget.said('"><svg onload=alert(4)>').first().waitFor();

    // Open every function call card and everything hidden inside it, so all hostile data gets rendered.
    for (const card of await widget.log.locator('button.call-summary').all()) await card.click();
    for (let round = 0; round < 3; round++) {
      const reveal = widget.log.getByRole('button', { name: /^(Show more|Show nested data)/ });
      const count = await reveal.count();
      for (let i = 0; i < Math.min(count, 10); i++) await reveal.first().click();
    }
    await widget.log.getByText('<script>alert("args")</script>').first().waitFor();
    // The 100 000-character argument is shown in full once asked for (it used to freeze the page for 40 s).
    const longest = await widget.log.locator('.revealed').evaluateAll((nodes) => Math.max(...nodes.map((n) => n.textContent.length)));
    expect(longest).toBeGreaterThanOrEqual(HOSTILE_STRING_LENGTH - 200);

    // Nothing in the widget carries an event handler, a script, a frame, a form or a foreign image.
    const found = await page.evaluate(() => {
      const root = document.querySelector('assistant-chat-root')?.shadowRoot;
      if (!root) throw new Error('no widget');
      const elements = Array.from(root.querySelectorAll('*'));
      return {
        handlers: elements.flatMap((element) =>
          Array.from(element.attributes)
            .filter((attribute) => /^on/i.test(attribute.name))
            .map((attribute) => `${element.localName} ${attribute.name}`),
        ),
        // The conversation itself (the composer's own form lives outside it).
        dangerous: Array.from(root.querySelectorAll('[role="log"] *'))
          .map((element) => element.localName)
          .filter((name) =>
            /^(script|iframe|frame|object|embed|img|image|form|input|textarea|style|link|meta|base|video|audio|source|foreignobject)$/.test(name),
          ),
        sources: elements.filter((element) => element.hasAttribute('src') || element.hasAttribute('srcset')).length,
        links: Array.from(root.querySelectorAll('a')).map((a) => ({ href: a.getAttribute('href') ?? '', target: a.target, rel: a.rel })),
      };
    });
    expect(found.handlers).toEqual([]);
    expect(found.dangerous).toEqual([]);
    expect(found.sources).toBe(0);
    expect(found.links.length).toBeGreaterThan(0);
    for (const link of found.links) {
      expect(link.href, 'only web links survive').toMatch(/^https?:\/\//);
      expect(link).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    }
    // The markdown image became a link to click, not a request.
    expect(found.links.map((link) => link.href)).toContain(HOSTILE_IMAGE_URL);

    // Hover and click every link: each opens a new tab (stopped at the door), the page itself stays put.
    const links = await widget.log.locator('a').all();
    for (const link of links) {
      await link.hover();
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
      await popup.close();
    }
    expect(popups).toHaveLength(links.length);
    expect(page.url()).toBe(url);

    const clicked = new Set(found.links.map((link) => link.href));
    expect(
      stopped.map((request) => request.url),
      'the door really stops other origins',
    ).toContain(HOSTILE_IMAGE_URL);
    for (const request of stopped) {
      expect(request, 'only a visitor-opened tab goes elsewhere').toMatchObject({ fromHostPage: false, navigation: true });
      expect(clicked.has(request.url) || clicked.has(request.url.replace(/\/$/, ''))).toBe(true);
      expect(request.referer, 'links carry no Referer').toBeUndefined();
    }
    // From the host page itself: only this site and the API, and no popup was opened by anything but a click.
    for (const request of network.requests) expect(allowed.has(new URL(request.url).origin), request.url).toBe(true);

    const received = await api.requests();
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'tell me something' }]);

    await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
    await network.dispose();
    await listeners.dispose();
  });
});
