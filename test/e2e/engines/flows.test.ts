/**
 * The core flows in the three engines the widget's visitors use: Chromium, Firefox and WebKit (Safari's), each
 * named in the test's name ("webkit › the composer grows…"). The built dist/widget.js on a host page (static server,
 * origin A), the stand-in API on origin B. Input is real: pointer moves and clicks, key presses. What the visitor sees
 * is read in the page (through the widget's shadow roots) and, for the scrollbars, on the screenshot's pixels.
 *
 * The other e2e files run in Chromium only; this subset runs in all three.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../../helpers/stand-in';
import { useStandIn, useStaticServer } from '../helpers/fixtures';
import { ENGINES, launchEngine, type Engine, type EnginePage } from './driver';

const site = useStaticServer({ nodeModules: true });
const api = useStandIn();

/** Where the screenshots go (git-ignored), for people to look at. */
const SCREENSHOTS = fileURLToPath(new URL('../../../test-results/engines/', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

const GREETING = 'Hi Ada! 👋 Welcome to Riverside Clinic.';
const BOOKING = 'Hi! Can I book a cleaning next Tuesday?';
const VARIABLES = JSON.stringify({ name: 'Ada', clinic: 'Riverside Clinic' });

/** A host page with the widget's script tag (more data attributes in `attributes`), and its response headers. */
function hostPage(path: string, attributes: Record<string, string> = {}, options: { headers?: Record<string, string>; nonce?: string } = {}): string {
  const tag = Object.entries({
    src: `${site.url}/dist/widget.js`,
    'data-assistant-id': ASSISTANTS.northwind,
    'data-api-base': api.url,
    'data-type': 'test',
    'data-variables': VARIABLES,
    ...(options.nonce && { nonce: options.nonce }),
    ...attributes,
  })
    .map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join(' ');
  return site.page(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Riverside Clinic</title></head>
<body><main><h1>Riverside Clinic</h1><p>Gentle dental care. <a href="#hours">Opening hours</a></p></main><script ${tag}></script></body></html>`,
    { headers: options.headers },
  );
}

// ---- What the page shows, read in it (these functions run in the page: they use nothing from outside) ----

/** The centre and box of the first element of the widget matching `selector` (and holding `text`), shadow roots included. */
function locate(selector: string, text?: string | null) {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++)
    for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  for (const root of roots) {
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      if (text != null && !element.textContent.includes(text) && element.getAttribute('aria-label') !== text) continue;
      const box = element.getBoundingClientRect();
      if (!box.width && !box.height) continue;
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, top: box.top, left: box.left, width: box.width, height: box.height };
    }
  }
  return null;
}

/** How many elements of the widget match `selector` and hold `text` (shadow roots included, hidden ones too). */
function count(selector: string, text?: string | null) {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++)
    for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  let found = 0;
  for (const root of roots) for (const element of root.querySelectorAll(selector)) if (text == null || element.textContent.includes(text)) found++;
  return found;
}

/** What has focus, looked up through the shadow roots: its tag and its class. */
function focused() {
  let element: Element | null = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element ? `${element.localName}.${element.className}` : '';
}

/** Whether the widget's panel is shown. */
function panelShown() {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++)
    for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  for (const root of roots) {
    const panel = root.querySelector<HTMLElement>('.panel');
    if (panel) return !panel.hidden && getComputedStyle(panel).visibility !== 'hidden';
  }
  return false;
}

/** The widget's script files the page has asked for (resource timing), by path. */
function widgetFiles() {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/dist/'));
}

// ---- Waiting ----

/** Runs `fn` in the page until it returns something truthy (or `timeout` ms pass); returns that. */
async function until<T, A extends unknown[]>(page: EnginePage, fn: (...args: A) => T, args: A, timeout = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.run(fn, ...args);
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${fn.name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Clicks the centre of the first element matching `selector` (and `text`), once it is there. */
async function clickOn(page: EnginePage, selector: string, text?: string): Promise<void> {
  const box = await until(page, locate, [selector, text]);
  await page.click(box.x, box.y);
}

/** The page is loaded and idle (after the widget's own idle-time look at the tab's storage). */
function idle(page: EnginePage): Promise<unknown> {
  return page.run(
    () =>
      new Promise((resolve) =>
        'requestIdleCallback' in window ? requestIdleCallback(() => resolve(true), { timeout: 2000 }) : setTimeout(() => resolve(true), 300),
      ),
  );
}

/** Opens the chat with the launcher and waits for `text` (the greeting) in the conversation. */
async function openChat(page: EnginePage, text = GREETING): Promise<void> {
  await clickOn(page, 'button.launcher');
  await until(page, count, ['.message-log', text]);
}

/** Clicks into the composer. A click while the panel still moves in (slow on a loaded machine) can land beside the field: it clicks until the field has focus. */
async function clickIntoComposer(page: EnginePage): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await clickOn(page, 'textarea');
    if (await page.run(composerFocused)) return;
    if (attempt === 5) throw new Error('the composer never took focus from a click');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Types `text` into the composer and sends it with Enter. */
async function send(page: EnginePage, text: string): Promise<void> {
  await clickIntoComposer(page);
  await page.type(text);
  await until(page, composerHolds, [text]);
  await page.press('Enter');
}

/** Whether the composer has the keyboard (self-contained: it runs in the page). */
function composerFocused() {
  const root = document.querySelector('assistant-chat-root')?.shadowRoot;
  return root?.activeElement?.tagName === 'TEXTAREA';
}

/** Whether the composer's text ends with `end` (self-contained: it runs in the page). */
function composerEndsWith(end: string) {
  return document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('textarea')?.value.endsWith(end) ?? false;
}

/** Whether the composer holds `text` (self-contained: it runs in the page). */
function composerHolds(text: string) {
  return document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('textarea')?.value === text;
}

/** How many messages the widget's log shows. */
function messagesShown() {
  return document.querySelector('assistant-chat-root')!.shadowRoot!.querySelectorAll('.message-log .message').length;
}

/** Whether the widget's log shows at least `least` messages (self-contained: it runs in the page). */
function messagesAtLeast(least: number) {
  return document.querySelector('assistant-chat-root')!.shadowRoot!.querySelectorAll('.message-log .message').length >= least;
}

/** A conversation of `exchanges` questions and answers, made through the API, stored for the page as the widget stores it. */
async function longConversation(page: EnginePage, exchanges: number): Promise<void> {
  const created = await fetch(`${api.url}/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ assistant_id: ASSISTANTS.northwind, type: 'test', variables: { name: 'Ada', clinic: 'Riverside Clinic' } }),
  });
  const { conversation_id: id } = (await created.json()) as { conversation_id: string };
  for (let i = 0; i < exchanges; i++) {
    await fetch(`${api.url}/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: i % 2 ? `book a cleaning, take ${i}` : `help me, please (${i})` }),
    });
  }
  await page.run(
    (key, value) => localStorage.setItem(key, value),
    `assistant-chat:${ASSISTANTS.northwind}@${api.url}`,
    JSON.stringify({ version: 2, scope: `${ASSISTANTS.northwind}@${api.url}`, state: { conversationId: id } }),
  );
}

/** The mean relative luminance (0 to 1) of a region of a screenshot, in CSS pixels. */
function luminance(png: PNG, scale: number, region: { left: number; top: number; width: number; height: number }): number {
  let sum = 0;
  let pixels = 0;
  for (let y = Math.round(region.top * scale); y < Math.round((region.top + region.height) * scale); y++) {
    for (let x = Math.round(region.left * scale); x < Math.round((region.left + region.width) * scale); x++) {
      const at = (png.width * y + x) * 4;
      const [r, g, b] = [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!].map((c) => (c / 255) ** 2.2);
      sum += 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      pixels++;
    }
  }
  return sum / pixels;
}

/** The distinct colours of a region of a screenshot (how many), in CSS pixels. */
function colours(png: PNG, scale: number, region: { left: number; top: number; width: number; height: number }): number {
  const seen = new Set<number>();
  for (let y = Math.round(region.top * scale); y < Math.round((region.top + region.height) * scale); y++) {
    for (let x = Math.round(region.left * scale); x < Math.round((region.left + region.width) * scale); x++) {
      const at = (png.width * y + x) * 4;
      seen.add((png.data[at]! << 16) | (png.data[at + 1]! << 8) | png.data[at + 2]!);
    }
  }
  return seen.size;
}

// MiniBrowser under Xvfb on two shared cores now and then drops a click or stalls a WebDriver command while the
// rest of the suite runs beside it: a WebKit flow gets one more try (a flow that fails twice still fails).
for (const name of ENGINES) {
  describe(name, { retry: name === 'webkit' ? 1 : 0 }, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await launchEngine(name);
    }, 60_000);
    afterEach(async () => {
      await engine.closePages();
    });
    afterAll(async () => {
      // Unset when the engine failed to start.
      await (engine as Engine | undefined)?.stop();
    });

    test(`${name} › a page view asks nothing; intent loads the panel; a reply that ran tools shows its cards; a reload resumes with the message once`, async () => {
      const page = await engine.page();
      await page.goto(hostPage('/visit.html'));
      const launcher = await until(page, locate, ['button.launcher']);
      await idle(page);
      expect(await api.requests()).toEqual([]);
      expect(await page.run(widgetFiles)).toEqual(['/dist/widget.js']);

      // Intent: the pointer over the launcher loads the panel, and asks the API nothing (no conversation yet).
      await page.hover(launcher.x, launcher.y);
      await until(page, () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assistant-chat-panel-')), []);
      await openChat(page);

      await send(page, BOOKING);
      await until(page, count, ['.message-log', "You're booked in!"]);
      // The cards come with their file.
      await until(page, count, ['.message-log button', 'Check calendar availability']);
      expect(await page.run(count, '.message-log button', 'Check calendar availability')).toBe(1);
      expect(await page.run(count, '.message-log button', 'Book appointment')).toBe(1);

      await page.reload();
      await openChat(page);
      await until(page, count, ['.message-log', "You're booked in!"]);
      expect(await page.run(count, '.from-user', BOOKING)).toBe(1);
      const received = await api.requests();
      expect(received.filter((request) => request.method === 'POST').map((request) => request.path.replace(/[\w-]{36}/, 'ID'))).toEqual([
        '/conversations',
        '/conversations/ID/messages',
      ]);
    });

    test(`${name} › dark and right to left`, async () => {
      const page = await engine.page();
      await page.goto(hostPage('/dark.html', { 'data-theme': 'dark', 'data-locale': 'ar' }));
      await clickOn(page, 'button.launcher');
      await until(page, count, ['.message-log', GREETING]);
      const look = await page.run(() => {
        const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
        const frame = root.querySelector<HTMLElement>('.widget')!;
        const panel = root.querySelector<HTMLElement>('.panel')!;
        return {
          dir: frame.dir,
          lang: frame.lang,
          background: getComputedStyle(panel).backgroundColor,
          title: root.querySelector('.panel-title')!.textContent,
        };
      });
      expect(look).toEqual({ dir: 'rtl', lang: 'ar', background: 'rgb(24, 24, 27)', title: 'راسلنا' });
      // Right to left: the composer's send button is at its left end.
      const field = (await page.run(locate, '.composer-field'))!;
      const button = (await page.run(locate, '.send-button'))!;
      expect(button.x).toBeLessThan(field.x);
    });

    test(`${name} › a strict Content-Security-Policy with a nonce`, async () => {
      const page = await engine.page();
      const policy = `default-src 'none'; script-src 'nonce-R4nd0m' 'strict-dynamic'; style-src 'nonce-R4nd0m'; connect-src ${api.url}; img-src 'none'`;
      await page.goto(hostPage('/csp.html', {}, { nonce: 'R4nd0m', headers: { 'Content-Security-Policy': policy } }));
      await page.run(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await openChat(page);
      await send(page, 'hello');
      await until(page, count, ['.message-log', 'assistant.']);
      const violations = await page.run(() => (window as unknown as { violations: string[] }).violations);
      // WebKit checks the browser's own request for the page's /favicon.ico against img-src, whenever it makes it: the page's, not the widget's.
      expect(violations.filter((violation) => !violation.endsWith('/favicon.ico'))).toEqual([]);
    });

    test(`${name} › two tabs share one conversation`, async () => {
      const first = await engine.page();
      await first.goto(hostPage('/tabs.html'));
      await openChat(first);
      await send(first, 'hello from the first tab');
      await until(first, count, ['.message-log', 'assistant.']);
      const second = await first.another();
      await second.goto(hostPage('/tabs.html'));
      await openChat(second);
      await until(second, count, ['.from-user', 'hello from the first tab']);
      expect((await api.requests()).filter((request) => request.method === 'POST' && request.path === '/conversations')).toHaveLength(1);
    });

    test(`${name} › the custom element`, async () => {
      const page = await engine.page();
      const imports = {
        preact: '/node_modules/preact/dist/preact.module.js',
        'preact/hooks': '/node_modules/preact/hooks/dist/hooks.module.js',
        'preact/jsx-runtime': '/node_modules/preact/jsx-runtime/dist/jsxRuntime.module.js',
        '@preact/signals': '/node_modules/@preact/signals/dist/signals.module.js',
        '@preact/signals-core': '/node_modules/@preact/signals-core/dist/signals-core.module.js',
      };
      await page.goto(
        site.page(
          '/element.html',
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title>
<script type="importmap">${JSON.stringify({ imports })}</script><script type="module" src="/dist/lib/element.js"></script></head>
<body><h1>App</h1><assistant-chat assistant-id="${ASSISTANTS.northwind}" api-base="${api.url}" type="test" variables='${VARIABLES}'></assistant-chat></body></html>`,
        ),
      );
      await openChat(page);
      // Nothing was added to the element's light DOM.
      expect(await page.run(() => document.querySelector('assistant-chat')!.childNodes.length)).toBe(0);
    });

    test(`${name} › the keyboard opens and closes the chat, and focus goes in and back`, async () => {
      const page = await engine.page();
      await page.goto(hostPage('/keys.html'));
      await until(page, locate, ['button.launcher']);
      // The heading's link, then the launcher (WebKit's default skips buttons unless asked: Tab enough times).
      for (let presses = 0; presses < 6 && !(await page.run(focused)).includes('launcher'); presses++) await page.press('Tab');
      expect(await page.run(focused)).toBe('button.launcher');
      await page.press('Enter');
      await until(page, panelShown, []);
      await until(page, () => {
        let element: Element | null = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return element?.localName === 'textarea';
      }, []);
      await page.press('Escape');
      await until(
        page,
        () => !document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector<HTMLElement>('.panel')!.matches(':not([hidden])'),
        [],
      );
      expect(await page.run(focused)).toBe('button.launcher');
    });

    test(`${name} › the composer grows line by line as the visitor types seven lines, and no line is cut`, async () => {
      const page = await engine.page();
      await page.goto(hostPage('/compose.html'));
      await openChat(page);
      await clickIntoComposer(page);
      const measure = () => {
        const field = document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector('textarea')!;
        return { height: field.getBoundingClientRect().height, scrollHeight: field.scrollHeight, clientHeight: field.clientHeight };
      };
      const sizes = [await page.run(measure)];
      for (let line = 2; line <= 7; line++) {
        await page.press('Shift+Enter');
        await page.type(`line ${line}`);
        await until(page, composerEndsWith, [`\nline ${line}`]);
        // (After a frame, where the fallback measures.)
        await page.run(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
        sizes.push(await page.run(measure));
      }
      const max = Math.max(...sizes.map((size) => size.height));
      for (let line = 1; line < sizes.length; line++) {
        const [before, after] = [sizes[line - 1]!, sizes[line]!];
        // Taller by a line each time until the field's maximum, which it reaches.
        if (before.height < max) expect(after.height - before.height, `line ${line + 1}`).toBeGreaterThan(12);
        // Below its maximum, all of the text shows: nothing is scrolled out of view or cut.
        if (after.height < max) expect(after.scrollHeight - after.clientHeight, `line ${line + 1}`).toBeLessThanOrEqual(1);
      }
      expect(max).toBeGreaterThanOrEqual(110);
      expect(sizes[0]!.height).toBeLessThan(45);
      // At its maximum, scrolled to the line being typed, the field shows whole lines: none cut at the top.
      const shown = await page.run(() => {
        const field = document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector('textarea')!;
        const line = parseFloat(getComputedStyle(field).lineHeight);
        return { lines: field.clientHeight / line, above: field.scrollTop / line };
      });
      expect(shown.lines).toBeCloseTo(5, 1);
      expect(shown.above - Math.round(shown.above)).toBeCloseTo(0, 1);
    });

    test(`${name} › a reply that arrives while the visitor reads further up leaves what they read where it was`, async () => {
      const page = await engine.page();
      await page.goto(hostPage('/reading.html'));
      await longConversation(page, 12);
      await page.reload();
      await openChat(page, 'help me, please (10)');
      // The next reply takes a while: the visitor scrolls up to read meanwhile. (Long enough for a WebDriver
      // round trip on a loaded machine to see the typing indicator before the reply ends it.)
      await api.fault('slow', { delayMs: 4000 });
      const shown = await page.run(messagesShown);
      await send(page, 'hello');
      await until(page, count, ['.typing-indicator']);
      // (After the frame that shows the visitor's message, which brings the view down to it.)
      await page.run(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      const place = await page.run(() => {
        const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
        const scroller = root.querySelector<HTMLElement>('.scroller')!;
        scroller.scrollTop = -300;
        const reading = [...root.querySelectorAll<HTMLElement>('.message')].find(
          (message) => message.getBoundingClientRect().top > scroller.getBoundingClientRect().top,
        )!;
        reading.id = 'reading';
        return reading.getBoundingClientRect().top;
      });
      // The visitor's message and the reply.
      await until(page, messagesAtLeast, [shown + 2]);
      const after = await page.run(
        () => document.querySelector('assistant-chat-root')!.shadowRoot!.getElementById('reading')!.getBoundingClientRect().top,
      );
      expect(Math.abs(after - place)).toBeLessThanOrEqual(3);
    });

    test(`${name} › the conversation's scrollbar is drawn, and dark in the dark theme`, async () => {
      const page = await engine.page(1280, 800);
      await page.goto(hostPage('/scrollbars.html', { 'data-theme': 'dark' }));
      await longConversation(page, 12);
      await page.reload();
      await openChat(page, 'help me, please (10)');
      // Scrolled a little up from the newest message: the thumb is away from the track's ends.
      const box = await page.run(() => {
        const scroller = document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
        scroller.scrollTop = -200;
        const { left, top, width, height } = scroller.getBoundingClientRect();
        return { left, top, width, height, bar: scroller.offsetWidth - scroller.clientWidth, innerWidth };
      });
      expect(box.bar, 'the scrollbar takes room: it is drawn, not hidden or overlaid').toBeGreaterThan(0);
      await page.run(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shot = await page.screenshot();
      writeFileSync(`${SCREENSHOTS}/${name}-scrollbar.png`, shot);
      const png = PNG.sync.read(shot);
      const scale = png.width / box.innerWidth;
      const bar = { left: box.left + box.width - box.bar + 1, top: box.top + 4, width: box.bar - 2, height: box.height - 8 };
      const background = { left: box.left + 4, top: box.top + 4, width: 4, height: box.height - 8 };
      expect(luminance(png, scale, background)).toBeLessThan(0.05);
      expect(luminance(png, scale, bar), 'the scrollbar is dark').toBeLessThan(0.2);
      expect(colours(png, scale, bar), 'a thumb on a track').toBeGreaterThan(1);
    });
  });
}
