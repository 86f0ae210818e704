/**
 * The UI's browser tests meet the widget the way a visitor does: the BUILT dist/widget.js, loaded by a
 * real script tag on a host page (static server, origin A) that talks to the stand-in API (origin B).
 * Parts are found by role, label and text (Playwright's locators pierce the open shadow root); the few
 * things a locator cannot say (which element inside the shadow root has focus, computed styles, axe)
 * are read in the page.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { ASSISTANTS } from '../../helpers/stand-in';
import type { StaticServer } from '../helpers/static-server';
import { en, type Strings } from '../../../src/ui/strings';

/**
 * Where the screenshots for people go: the git-ignored test-results/screenshots/ (a test run changes no
 * tracked file); `npm run screenshots` copies the README's own into demo/screenshots/.
 */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** How long a visible outcome may take (the store's back-off starts at 1 s). */
export const SEEN = { timeout: 20_000 } as const;

/** What the host page and its script tag say. */
export interface HostPageOptions {
  /** The stand-in's API root (origin B). */
  apiBase: string;
  /** Default "Northwind Dental" (greets with `{{name}}`/`{{clinic}}`). */
  assistantId?: string;
  /** `data-type`; default `test` (free). */
  type?: 'test' | 'widget';
  /** `data-theme`; absent by default (the widget's default, light). */
  theme?: 'light' | 'dark' | 'auto';
  /** `data-locale`; absent by default. */
  locale?: string;
  /** `data-color`; absent by default. */
  color?: string;
  /** The page's own `lang`; default `en`. */
  lang?: string;
  /** The page's path on the static server; default `/clinic.html`. */
  path?: string;
  /** More data attributes of the script tag, by full name (`data-subtitle`). */
  attributes?: Record<string, string>;
}

/**
 * Registers a host page that loads the built widget with a script tag and returns its URL. The page
 * is a plausible site: a viewport meta with `viewport-fit=cover` (so safe-area insets apply on phones),
 * a landmark, a heading and one link before the widget in the tab order.
 */
export function hostPage(site: StaticServer, options: HostPageOptions): string {
  const attributes: Record<string, string> = {
    src: `${site.url}/dist/widget.js`,
    'data-assistant-id': options.assistantId ?? ASSISTANTS.northwind,
    'data-api-base': options.apiBase,
    'data-type': options.type ?? 'test',
    'data-variables': JSON.stringify({ name: 'Ada', clinic: 'Riverside Clinic' }),
  };
  if (options.theme) attributes['data-theme'] = options.theme;
  if (options.locale) attributes['data-locale'] = options.locale;
  if (options.color) attributes['data-color'] = options.color;
  Object.assign(attributes, options.attributes);
  const tag = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return site.page(
    options.path ?? '/clinic.html',
    `<!doctype html>
<html lang="${escapeAttribute(options.lang ?? 'en')}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <title>Riverside Clinic</title>
</head>
<body>
  <main>
    <h1>Riverside Clinic</h1>
    <p>Gentle dental care in the heart of the city. <a href="#hours">Opening hours</a></p>
  </main>
  <script ${tag}></script>
</body>
</html>`,
  );
}

/** The widget's parts on one page, in the words of `strings`. */
export interface Widget {
  /** The round button that opens and closes the panel (its name may carry an unread count). */
  launcher: Locator;
  /** The chat panel: a dialog named after the title. */
  panel: Locator;
  /** The conversation: a live log. */
  log: Locator;
  /** The composer's textarea. */
  input: Locator;
  /** The send button. */
  sendButton: Locator;
  /** The header's "Start a new conversation" and "Close chat". */
  newConversation: Locator;
  close: Locator;
  /** The toggle of a function-call card, by its readable name ("Book appointment"). */
  card(name: string): Locator;
  /** Clicks the launcher and waits for the composer. */
  open(): Promise<void>;
  /** Types `text`, presses Enter and waits until `reply` shows in the log. */
  say(text: string, reply: string | RegExp): Promise<void>;
}

/** Finds the widget's parts on `page`. */
export function widget(page: Page, strings: Strings = en): Widget {
  // The launcher is named in English until the panel (with the visitor's language) has loaded.
  const names = [...new Set([strings.title, en.title])].map(escapeRegExp).join('|');
  const launcher = page.getByRole('button', { name: new RegExp(`^(${names})`) });
  const panel = page.getByRole('dialog', { name: strings.title });
  const log = panel.getByRole('log', { name: strings.messages });
  const input = panel.getByRole('textbox', { name: strings.composerLabel });
  return {
    launcher,
    panel,
    log,
    input,
    sendButton: panel.getByRole('button', { name: strings.send, exact: true }),
    newConversation: panel.getByRole('button', { name: strings.newConversation }),
    close: panel.getByRole('button', { name: strings.close }),
    card: (name) => log.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }),
    async open() {
      await launcher.click();
      await input.waitFor();
    },
    async say(text, reply) {
      await input.fill(text);
      await input.press('Enter');
      await log.getByText(reply).first().waitFor(SEEN);
    },
  };
}

/** The greeting of "Northwind Dental" with the variables every host page passes. */
export const GREETING = /Welcome to Riverside Clinic/;

/** Replies of the stand-in's scripted intents, as they show in the log. */
export const REPLIES = {
  markdown: /What I can do/,
  book: /booked in!/,
  cancel: /couldn.t cancel that appointment/,
  hello: /assistant\./,
} as const;

/** The element that has focus, looked up through shadow roots, as a visitor's tools would name it. */
export interface FocusedElement {
  /** `button`, `textarea`, `a`, … or `body`. */
  tag: string;
  /** `aria-label`, else the text content (trimmed, first 60 characters). */
  name: string;
  /** Whether it sits inside the widget's shadow root. */
  inWidget: boolean;
  /** Its class attribute. */
  className: string;
}

/** Which element has focus, inside the widget's shadow root if that is where it is. */
export function focused(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    let inWidget = false;
    while (el?.shadowRoot?.activeElement) {
      inWidget ||= el.tagName.toLowerCase() === 'assistant-chat-root';
      el = el.shadowRoot.activeElement;
    }
    if (!el) return { tag: 'none', name: '', inWidget: false, className: '' };
    const label = el.getAttribute('aria-label') ?? el.textContent.trim().replace(/\s+/g, ' ').slice(0, 60);
    return { tag: el.tagName.toLowerCase(), name: label, inWidget, className: el.getAttribute('class') ?? '' };
  });
}

/** What shows that an element has keyboard focus. */
export interface FocusRing {
  /** The element matches `:focus-visible`. */
  focusVisible: boolean;
  /** Where a ring is drawn: on the element, on the field around it (the composer), or nowhere. */
  drawnOn: 'element' | 'field' | 'none';
  /** The computed outline (`style width color`) and box-shadow of the element that draws it. */
  outline: string;
  boxShadow: string;
}

/**
 * Reads the focused element's focus indicator from computed styles: a visible outline (style not
 * `none`, width > 0, not transparent) or a box-shadow, on the element itself or, for the composer's
 * borderless textarea, on the `.field` around it (`:focus-within`).
 */
export function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const none = { focusVisible: false, drawnOn: 'none' as const, outline: '', boxShadow: '' };
    if (!el) return none;
    const ring = (target: Element) => {
      const style = getComputedStyle(target);
      const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
      const hasShadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { visible: hasOutline || hasShadow, outline, boxShadow: style.boxShadow };
    };
    const own = ring(el);
    const focusVisible = el.matches(':focus-visible');
    if (own.visible) return { focusVisible, drawnOn: 'element' as const, outline: own.outline, boxShadow: own.boxShadow };
    const field = el.closest('.composer-field');
    if (field && field.matches(':focus-within')) {
      const around = ring(field);
      if (around.visible) return { focusVisible, drawnOn: 'field' as const, outline: around.outline, boxShadow: around.boxShadow };
    }
    return { ...none, focusVisible, outline: own.outline, boxShadow: own.boxShadow };
  });
}

/**
 * Waits until the widget's finite animations (the panel sliding in, a message fading in) are over, so
 * boxes can be measured without their transforms. Looping ones (spinner, typing dots) are left alone.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = document.querySelector('assistant-chat-root')?.shadowRoot;
    const finite = (root?.getAnimations() ?? []).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** A rectangle in CSS pixels of the layout viewport. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding box of the first element matching `selector` inside the widget's shadow root. */
export function boxIn(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, selector);
}

/**
 * For each element matching `selector` inside the widget's shadow root: whether it is wholly on screen
 * in the message list (inside the scroller's visible box, which itself is inside the window).
 */
export function shownInLog(page: Page, selector: string): Promise<boolean[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector('assistant-chat-root')?.shadowRoot;
    const scroller = root?.querySelector('.scroller')?.getBoundingClientRect();
    if (!root || !scroller) return [];
    const top = Math.max(scroller.top, 0);
    const bottom = Math.min(scroller.bottom, window.innerHeight);
    return Array.from(root.querySelectorAll(sel)).map((el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    });
  }, selector);
}

/** Computed style properties of the first element matching `selector` inside the widget's shadow root. */
export function styleIn(page: Page, selector: string, properties: readonly string[]): Promise<Record<string, string>> {
  return page.evaluate(
    ({ sel, props }) => {
      const el = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector(sel);
      if (!el) throw new Error(`no ${sel} in the widget`);
      const style = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
    },
    { sel: selector, props: [...properties] },
  );
}

/** One axe violation, trimmed to what a failure message needs. */
export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: unknown; html: string; failureSummary: string | undefined }[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (every rule it runs by default: WCAG 2.x A/AA and best practices, all impact levels)
 * on the widget's shadow host, shadow tree included. Injects axe on first use.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run({ include: [['assistant-chat-root']] }, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
}

/** Makes sure the screenshot folder exists and returns the path of `name` in it. */
export async function screenshotPath(name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return SCREENSHOT_DIR + name;
}

/** The width and height a PNG file's header declares. */
export function pngSize(file: Buffer): { width: number; height: number } {
  if (file.subarray(1, 4).toString('ascii') !== 'PNG') throw new Error('not a PNG');
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
