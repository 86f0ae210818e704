/**
 * Case 1, strict Content-Security-Policy: the built widget on host pages whose policies come in response
 * headers. The whole flow (open, send, a markdown reply, function calls, a failing tool, a failed answer and its Retry)
 * raises no violation, and the widget's styles really apply (computed styles, not just "no error").
 */
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import {
  ACCENT,
  chat,
  expectInvariant,
  GREETING,
  hostPage,
  inspectListeners,
  installProbe,
  messagePosts,
  NONCE,
  SEEN,
  serve,
  summary,
  TEXT,
} from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** The policies, by name; `api` is the stand-in's origin. */
const POLICIES = {
  'nonce + strict-dynamic + Trusted Types': (api: string) =>
    `default-src 'none'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'nonce-${NONCE}'; connect-src ${api}; ` +
    `require-trusted-types-for 'script'; trusted-types 'none'`,
  "allow-list ('self')": (api: string) => `default-src 'self'; script-src 'self'; style-src 'self'; connect-src ${api}`,
  'nonce without strict-dynamic': (api: string) => `default-src 'none'; script-src 'nonce-${NONCE}'; style-src 'nonce-${NONCE}'; connect-src ${api}`,
} as const;

type PolicyName = keyof typeof POLICIES;

/** Without constructable stylesheets (Safari before 16.4, Firefox before 101) the widget falls back to `<style nonce>`. */
const WITHOUT_CONSTRUCTABLE_SHEETS = 'delete ShadowRoot.prototype.adoptedStyleSheets; delete Document.prototype.adoptedStyleSheets;';

async function fullFlow(policyName: PolicyName, options: { oldEngine?: boolean } = {}) {
  const { page, errors } = browser;
  const policy = POLICIES[policyName](api.url);
  await installProbe(page, options.oldEngine ? WITHOUT_CONSTRUCTABLE_SHEETS : '');
  const listeners = await inspectListeners(page);
  const usesNonce = policy.includes('nonce-');
  const { url, html } = serve(site, '/csp.html', hostPage({ siteUrl: site.url, apiBase: api.url, ...(usesNonce ? { nonce: NONCE } : {}) }), {
    'Content-Security-Policy': policy,
  });

  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toBe(policy);
  const widget = chat(page);

  // Styled before anything is opened: the launcher is a round button in the accent color, fixed in its corner.
  await widget.launcher.waitFor();
  const launcher = await widget.launcher.evaluate((element) => {
    const style = getComputedStyle(element);
    const dock = getComputedStyle(element.parentElement!);
    return { background: style.backgroundColor, radius: style.borderRadius, position: dock.position, box: element.getBoundingClientRect().toJSON() };
  });
  expect(launcher).toMatchObject({ background: ACCENT.rgb, radius: '50%', position: 'fixed' });
  expect(launcher.box).toMatchObject({ width: 56, height: 56, right: 1280 - 20, bottom: 720 - 20 });

  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  const panel = await widget.panel.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(element);
    return { position: style.position, background: style.backgroundColor, box: element.getBoundingClientRect().toJSON() };
  });
  expect(panel).toMatchObject({ position: 'fixed', background: 'rgb(255, 255, 255)' });
  expect(panel.box).toMatchObject({ width: 380, height: 600, right: 1280 - 20 });

  // A markdown reply becomes real elements (a heading, lists, code), styled by the widget.
  await widget.send('what can you do? show me markdown');
  const heading = widget.log.getByRole('heading', { name: 'What I can do' });
  await heading.waitFor(SEEN);
  expect(await widget.log.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  expect(
    await widget.log
      .locator('pre code')
      .first()
      .evaluate((code) => getComputedStyle(code).fontFamily),
  ).toMatch(/mono/i);

  // Function calls: two cards, one expanded to show its arguments and result.
  await widget.send('I want to book an appointment');
  await widget.said("You're booked in!").waitFor(SEEN);
  const card = widget.log.getByRole('button', { name: /Check calendar availability/ });
  await card.click();
  await widget.log
    .getByRole('group', { name: /Details of Check calendar availability/ })
    .getByText('Europe/Berlin')
    .waitFor();

  // A tool that fails, then an assistant that fails to answer (the error UI) and the visitor's Retry.
  // (A 502 would do too, but the widget rightly spends ~15 s checking whether it got through.)
  await widget.send('please cancel my appointment');
  await widget.log.getByRole('button', { name: /Cancel appointment.*Failed/ }).waitFor(SEEN);
  await api.fault('assistant-error');
  await widget.send('where is order 4242?');
  await widget.log.getByText(TEXT.failed).waitFor(SEEN);
  await widget.log.getByRole('button', { name: TEXT.retry }).click();
  await widget.said('Order #4242 has shipped').waitFor(SEEN);

  const received = await api.requests();
  expect(
    messagePosts(received).map((post) => post.body),
    summary(received),
  ).toEqual([
    { message: 'what can you do? show me markdown' },
    { message: 'I want to book an appointment' },
    { message: 'please cancel my appointment' },
    { message: 'where is order 4242?' },
    { message: 'where is order 4242?' },
  ]);

  if (options.oldEngine) {
    // The fallback <style> carries the script tag's nonce (read from the `nonce` property: browsers hide the attribute).
    const styleNonce = await page.evaluate(() => document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('style')?.nonce);
    expect(styleNonce).toBe(NONCE);
  }

  await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
  await listeners.dispose();
}

describe('the widget under a strict Content-Security-Policy', () => {
  for (const name of Object.keys(POLICIES) as PolicyName[]) {
    test(`${name}: the full flow raises no violation and the styles apply`, async () => {
      await fullFlow(name);
    });
  }

  test('nonce + strict-dynamic + Trusted Types, without constructable stylesheets: the <style> fallback carries the nonce', async () => {
    await fullFlow('nonce + strict-dynamic + Trusted Types', { oldEngine: true });
  });

  test('nonce without strict-dynamic, without constructable stylesheets: the <style> fallback carries the nonce', async () => {
    await fullFlow('nonce without strict-dynamic', { oldEngine: true });
  });
});
