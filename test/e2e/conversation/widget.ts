/**
 * The built widget on a host page, as a visitor meets it: a page on the static server (origin A) that
 * loads dist/widget.js through a real script tag pointed at the stand-in API (origin B), and the
 * widget's parts found the way a visitor (or a screen reader) finds them: by role, label and text.
 * Playwright's locators pierce the widget's open shadow root.
 */
import type { Frame, Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { LoggedRequest } from '../../../demo/server/app.mjs';
import type { StaticServer } from '../helpers/static-server';

/** The English strings the tests look for (src/ui/strings.ts `en`). */
export const TEXT = {
  title: 'Chat with us',
  messages: 'Messages',
  composer: 'Your message',
  send: 'Send',
  newConversation: 'Start a new conversation',
  queued: 'Waiting to send',
  sending: 'Sending…',
  checking: 'Checking whether it arrived…',
  failed: 'Not sent.',
  retry: 'Retry',
  noticeReplaced: 'Your previous conversation has ended, so a new one was started.',
  noticeReset: 'You started a new conversation.',
  unavailable: 'The chat is unavailable right now. Please try again later.',
  notFound: 'This chat is not available.',
  rateLimited: 'Too many messages at once. Trying again shortly.',
} as const;

/** The greeting of "Northwind Dental" with the variables every test page passes. */
export const GREETING = 'Hi Ada! 👋 Welcome to Riverside Clinic.';

/** What a test page's script tag says. */
export interface WidgetPageOptions {
  assistantId: string;
  /** The stand-in's API root (origin B). */
  apiBase: string;
  /** `data-type`; default `test` (free). */
  type?: 'test' | 'widget';
  /** The page's path on the static server; default `/shop.html`. */
  path?: string;
  /** The page's response headers (the static server sends `Cache-Control: no-store` unless they say otherwise). */
  headers?: Record<string, string>;
}

/**
 * Registers a host page that loads the built widget with a script tag and returns its URL.
 * The variables fill the greeting's `{{name}}` and `{{clinic}}`.
 */
export function widgetPage(site: StaticServer, options: WidgetPageOptions): string {
  const attributes = {
    src: `${site.url}/dist/widget.js`,
    'data-assistant-id': options.assistantId,
    'data-api-base': options.apiBase,
    'data-type': options.type ?? 'test',
    'data-variables': JSON.stringify({ name: 'Ada', clinic: 'Riverside Clinic' }),
  };
  const tag = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return site.page(
    options.path ?? '/shop.html',
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Riverside Clinic</title></head>
<body>
  <h1>Riverside Clinic</h1>
  <p>Book a cleaning online.</p>
  <script ${tag}></script>
</body>
</html>`,
    { headers: options.headers },
  );
}

/** The widget's parts on one page. */
export interface Chat {
  /** The round button that opens the panel (its name may carry an unread count). */
  launcher: Locator;
  /** The chat panel (a dialog named after the title). */
  panel: Locator;
  /** The conversation (a live log). */
  log: Locator;
  /** The composer's textarea. */
  input: Locator;
  /** "Start a new conversation" in the panel's header. */
  newConversation: Locator;
  /** The visitor's message with exactly this text (one per time it is shown). */
  mine(text: string): Locator;
  /** Any text in the conversation (assistant replies are matched inside their markdown). */
  said(text: string | RegExp): Locator;
  /** Opens the panel with the launcher and waits until it is shown. */
  open(): Promise<void>;
  /** Types `text` into the composer and presses Enter. */
  send(text: string): Promise<void>;
  /** The conversation as the visitor reads it, without the screen-reader prefixes. */
  transcript(): Promise<string>;
}

/** Finds the widget's parts on `page`. */
export function chat(page: Page | Frame): Chat {
  const launcher = page.getByRole('button', { name: new RegExp(`^${TEXT.title}`) });
  const panel = page.getByRole('dialog', { name: TEXT.title });
  const log = panel.getByRole('log', { name: TEXT.messages });
  const input = panel.getByRole('textbox', { name: TEXT.composer });
  return {
    launcher,
    panel,
    log,
    input,
    newConversation: panel.getByRole('button', { name: TEXT.newConversation }),
    mine: (text) => log.getByText(text, { exact: true }),
    said: (text) => log.getByText(text),
    async open() {
      await launcher.click();
      await input.waitFor();
    },
    async send(text) {
      await input.fill(text);
      await input.press('Enter');
    },
    async transcript() {
      return (await log.innerText()).replace(/\s+/g, ' ').trim();
    },
  };
}

/** The `POST …/messages` the server received, in order. */
export function messagePosts(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method === 'POST' && /^\/conversations\/[^/]+\/messages$/.test(request.path));
}

/** The `POST /conversations` the server received. */
export function creates(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method === 'POST' && request.path === '/conversations');
}

/** The `GET /conversations/{id}` the server received. */
export function reads(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method === 'GET' && /^\/conversations\/[^/]+$/.test(request.path));
}

/** `METHOD path → status` lines, for readable failure messages. */
export function summary(requests: readonly LoggedRequest[]): string[] {
  return requests.map((request) => `${request.method} ${request.path} → ${request.status ?? 'none'}`);
}

/** The conversation id in a `/conversations/{id}…` path. */
export function conversationOf(request: LoggedRequest): string {
  return /^\/conversations\/([^/?]+)/.exec(request.path)?.[1] ?? '';
}

/**
 * Runs `ms` of the page's timers at once (its clock installed before it loaded) and asserts that no request
 * left the page meanwhile: the absence of a retry, proven without waiting for it in real time.
 */
export async function nothingMoreWithin(page: Page, ms: number) {
  const requests: string[] = [];
  const record = (request: Request) => void requests.push(`${request.method()} ${request.url()}`);
  page.on('request', record);
  await page.clock.runFor(ms);
  // A request a timer started is reported before the page answers this round trip.
  await page.evaluate(() => 0);
  page.off('request', record);
  expect(requests).toEqual([]);
}

/**
 * Runs the page's clock (installed before it loaded) a step at a time until `target` shows: the widget's
 * back-off and waits pass in moments of real time, while each request they make still goes over the network.
 */
export async function runClockUntil(page: Page, target: Locator, { stepMs = 2_000, maxMs = 120_000 } = {}) {
  for (let ran = 0; !(await target.isVisible()); ran += stepMs) {
    if (ran >= maxMs) throw new Error(`not shown within ${maxMs} ms of the page's time: ${String(target)}`);
    await page.clock.runFor(stepMs);
    // (Whatever the timers started gets a moment of real time: a request, a render.)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
