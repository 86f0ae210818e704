// @ts-check
/**
 * The long-conversation measurements: open the panel on a resumed conversation of 1,000 messages
 * (half of them assistant replies with function calls) and paint it, cold or after a hover
 * (./interact.mjs), then append one message.
 *
 * The conversation is real: the widget creates it through the stand-in API once, then the benchmark
 * rewrites that conversation's file in the stand-in's data folder (demo/server/storage.mjs: one JSON
 * file per conversation, `{ version: 1, id, assistant_id, type, variables, created_at,
 * last_activity_at, history }`) before every run, and each run starts a fresh browser context holding
 * the widget's saved localStorage, so the widget resumes it exactly as a returning visitor's would.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openMeasuredPage } from './browser.mjs';
import { openByClick } from './interact.mjs';

/** Text at the very end of the last message: when it is painted, the whole history is. */
export const END_MARKER = 'bench-end-of-history';
/** The start of the stand-in's reply to "hi" (demo/server/script.mjs, intent `hello`). */
const REPLY_START = 'Hello! 👋';

/**
 * @typedef {{ name: string; arguments: Record<string, unknown>; result: Record<string, unknown> }} StoredCall
 * @typedef {{ role: 'user' | 'assistant'; content: string; function_calls?: StoredCall[] }} StoredMessage
 */

/**
 * A history of `count` messages, alternately the visitor's and the assistant's; every assistant message
 * ran one or two functions with nested arguments and results, and is written in markdown. The last
 * message is the assistant's and ends with {@link END_MARKER}.
 * @param {number} count an even number
 * @returns {StoredMessage[]}
 */
export function buildHistory(count) {
  /** @type {StoredMessage[]} */
  const history = [];
  for (let i = 1; i <= count; i++) {
    const order = 10000 + i;
    const hour = 9 + (i % 8);
    if (i % 2 === 1) {
      history.push({ role: 'user', content: `Message ${i}: where is order ${order}, and is Tuesday at ${hour}:00 still free?` });
      continue;
    }
    /** @type {StoredCall[]} */
    const calls = [
      {
        name: 'lookup_order',
        arguments: { order_id: String(order), include: { items: true, shipping: true } },
        result: {
          status: i % 3 ? 'shipped' : 'processing',
          items: [
            { sku: `TB-${i}`, name: 'Soft toothbrush', quantity: 2, price: { amount: 4.5, currency: 'USD' } },
            { sku: `FL-${i}`, name: 'Dental floss', quantity: 1, price: { amount: 3.25, currency: 'USD' } },
          ],
          shipping: { carrier: 'UPS', tracking: `1Z${order}`, eta: '2025-03-14' },
        },
      },
    ];
    if (i % 4 === 0) {
      calls.push({
        name: 'check_calendar_availability',
        arguments: { date: '2025-03-18', range: { from: `${hour}:00`, to: `${hour + 1}:00` } },
        result: {
          available: true,
          slots: [
            { start: `${hour}:00`, end: `${hour}:30` },
            { start: `${hour}:30`, end: `${hour + 1}:00` },
          ],
        },
      });
    }
    history.push({
      role: 'assistant',
      content:
        `Order **${order}** is ${i % 3 ? 'on its way' : 'being packed'}:\n\n` +
        `- 2 × Soft toothbrush\n- 1 × Dental floss\n\n` +
        `Tracking number \`1Z${order}\`. Tuesday at ${hour}:00 is *free* — shall I book it?` +
        (i === count ? ` ${END_MARKER}` : ''),
      function_calls: calls,
    });
  }
  return history;
}

/**
 * @typedef {object} AppendRun
 * @property {number} appendOwnMs AssistantChat.send → the visitor's own bubble painted
 * @property {number} appendReplyMs AssistantChat.send → the reply bubble painted (server reply delay 0)
 * @property {number} appendApiMs the send request's start → its response's end (preflight included)
 * @property {number} appendRenderMs the reply's response end → the reply painted
 * @property {number} heapUsedBytes JS heap after two full collections, with the history shown
 * @typedef {import('./interact.mjs').OpenResult & AppendRun} HistoryRun
 */

/**
 * @typedef {object} HistoryFixture
 * @property {string} conversationId
 * @property {import('playwright-core').BrowserContextOptions['storageState']} storageState the widget's saved state
 * @property {() => Promise<void>} restore rewrites the conversation file with the 1,000-message history
 */

/**
 * Lets the widget create a conversation (opening it once), keeps the browser state it saved, and
 * returns how to put the long history back into that conversation before each run.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string; launcher: string; dataDir: string; count: number }} options
 * @returns {Promise<HistoryFixture>}
 */
export async function prepareHistory(browser, options) {
  const measured = await openMeasuredPage(browser, { launcher: options.launcher });
  let conversationId;
  let storageState;
  try {
    const { page } = measured;
    await page.goto(options.url, { waitUntil: 'load' });
    conversationId = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const api = /** @type {any} */ (window).AssistantChat;
          if (typeof api !== 'function') return reject(new Error('window.AssistantChat is missing'));
          const timer = setTimeout(() => reject(new Error('no conversation within 15 s')), 15000);
          api.on('conversation', (/** @type {{ conversationId: string }} */ detail) => {
            clearTimeout(timer);
            resolve(detail.conversationId);
          });
          api.open();
        }),
    );
    if (typeof conversationId !== 'string') throw new Error('the conversation event carried no id');
    // The widget saves the id to resume it; wait until it is stored before taking the state.
    await page.waitForFunction((id) => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes(id)), conversationId, {
      timeout: 15000,
    });
    storageState = await measured.context.storageState();
  } finally {
    await measured.close();
  }

  const file = join(options.dataDir, 'conversations', `${conversationId}.json`);
  const created = JSON.parse(await readFile(file, 'utf8'));
  const text = JSON.stringify({ ...created, history: buildHistory(options.count), last_activity_at: new Date().toISOString() });
  let counter = 0;
  return {
    conversationId,
    storageState,
    async restore() {
      // Atomically, like the stand-in's own writes (no run may read half a file).
      const tmp = `${file}.bench-${process.pid}-${++counter}.tmp`;
      await writeFile(tmp, text, 'utf8');
      await rename(tmp, file);
    },
  };
}

/**
 * One run: resume the long conversation in a fresh context, open it with a real click (cold, or after a
 * hover of `hoverMs`), then send "hi".
 * @param {import('playwright-core').Browser} browser
 * @param {HistoryFixture} fixture
 * @param {{ url: string; launcher: string; apiOrigin: string; run: number; hoverMs: number; settleMs: number;
 *   recorderFor?: (measured: import('./browser.mjs').MeasuredPage) => import('./interact.mjs').Recorder }} options
 *   `recorderFor`: a profiler to run from the click to the painted history (slows that run down)
 * @returns {Promise<HistoryRun & { recording?: unknown }>}
 */
export async function measureHistory(browser, fixture, options) {
  await fixture.restore();
  const measured = await openMeasuredPage(browser, { launcher: options.launcher, storageState: fixture.storageState });
  try {
    const { page } = measured;
    await page.goto(options.url, { waitUntil: 'load' });
    await page.evaluate(() => /** @type {any} */ (window).__bench.launcherDone);
    await page.waitForTimeout(options.settleMs);
    const opened = await openByClick(measured, {
      hoverMs: options.hoverMs,
      marker: END_MARKER,
      apiOrigin: options.apiOrigin,
      ...(options.recorderFor ? { recorder: options.recorderFor(measured) } : {}),
    });
    if (opened.openApiRequests + opened.hoverApiGets === 0) throw new Error('the conversation was never fetched');

    // Let the open settle (scroll, focus), then append one message through the JS API.
    await page.waitForTimeout(options.settleMs);
    const text = `hi (bench run ${options.run})`;
    const appended = await page.evaluate(
      async ({ text, reply, apiOrigin }) => {
        const win = /** @type {any} */ (window);
        const bench = win.__bench;
        const root = /** @type {ShadowRoot} */ (bench.findLauncher().getRootNode());
        const has = (/** @type {string} */ needle) => () => (root.textContent ?? '').includes(needle);
        const own = bench.whenPainted(root, has(text));
        const answer = bench.whenPainted(root, has(reply));
        const sentAt = performance.now();
        win.AssistantChat.send(text);
        const [ownMark, replyMark] = await Promise.all([own, answer]);
        const api = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
          .filter((entry) => entry.name.startsWith(apiOrigin) && entry.startTime >= sentAt)
          .map((entry) => ({ start: entry.startTime, end: entry.responseEnd }));
        return { sentAt, ownMark, replyMark, api };
      },
      { text, reply: REPLY_START, apiOrigin: options.apiOrigin },
    );
    if (!appended.api.length) throw new Error('sending made no API request');
    const sendStart = Math.min(...appended.api.map((entry) => entry.start));
    const sendEnd = Math.max(...appended.api.map((entry) => entry.end));
    const heap = await measured.heapAfterGc();

    return {
      ...opened,
      appendOwnMs: appended.ownMark.paintedAt - appended.sentAt,
      appendReplyMs: appended.replyMark.paintedAt - appended.sentAt,
      appendApiMs: sendEnd - sendStart,
      appendRenderMs: appended.replyMark.paintedAt - sendEnd,
      heapUsedBytes: heap.usedBytes,
    };
  } finally {
    await measured.close();
  }
}
