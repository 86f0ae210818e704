/**
 * Signed-in visitors on a shared computer, in Chromium with the built files: `AssistantChat('identify', …)`
 * keeps each person's conversation apart on one browser profile, their values reach the assistant as
 * variables, and `AssistantChat('logout')` leaves nothing of theirs on the device.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSISTANTS } from '../helpers/stand-in';
import { chat, creates, widgetPage } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const SEEN_OPTIONS = { timeout: 15_000 };

const ADA = { id: 'ada@example.com', name: 'Ada' };
const BOB = { id: 'bob@example.com', name: 'Bob' };

/** Loads the shop page as `visitor` (signed in, or not when undefined) and opens the chat. */
async function visit(page: Page, visitor?: Record<string, string>) {
  await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url }));
  if (visitor) await page.evaluate((who) => window.AssistantChat('identify', who), visitor);
  const widget = chat(page);
  await widget.open();
  await widget
    .said(/Welcome to Riverside Clinic/)
    .first()
    .waitFor(SEEN_OPTIONS);
  return widget;
}

/** The keys the widget keeps in the page's storage, and in the tab's. */
const storedKeys = (page: Page) =>
  page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith('assistant-chat:')).sort());

describe('two people on one browser profile', () => {
  test('each sees only their own conversation; the assistant hears who they are; logout leaves nothing of theirs', async () => {
    const { page } = browser;

    let widget = await visit(page, ADA);
    await widget.send('Ada asks about a cleaning');
    await widget.mine('Ada asks about a cleaning').waitFor(SEEN_OPTIONS);
    expect((creates(await api.requests())[0]?.body as { variables?: unknown }).variables).toMatchObject(ADA);

    // Bob signs in on the same browser: a conversation of his own, nothing of Ada's.
    widget = await visit(page, BOB);
    // The greeting the assistant wrote with {{name}}: Bob's name reached it.
    await widget.said('Hi Bob!').waitFor(SEEN_OPTIONS);
    expect(await widget.mine('Ada asks about a cleaning').count()).toBe(0);
    await widget.send('Bob asks about a filling');
    await widget.mine('Bob asks about a filling').waitFor(SEEN_OPTIONS);
    expect((creates(await api.requests())[1]?.body as { variables?: unknown }).variables).toMatchObject(BOB);

    // Ada again: her conversation, resumed (no new one created), without Bob's message.
    widget = await visit(page, ADA);
    await widget.mine('Ada asks about a cleaning').waitFor(SEEN_OPTIONS);
    expect(await widget.mine('Bob asks about a filling').count()).toBe(0);
    expect(creates(await api.requests())).toHaveLength(2);
    // Keys carry a fingerprint of each id, never the id (an email address) itself.
    const keys = await storedKeys(page);
    expect(keys.join(' ')).not.toMatch(/ada|bob|example/);

    // Ada signs out: the panel closes, empty of her conversation, her keys are gone, and no conversation
    // starts for whoever comes next until they open the chat.
    await page.evaluate(() => window.AssistantChat('logout'));
    await widget.panel.waitFor({ state: 'hidden', ...SEEN_OPTIONS });
    expect(await widget.mine('Ada asks about a cleaning').count()).toBe(0);
    expect(creates(await api.requests())).toHaveLength(2);
    const left = await storedKeys(page);
    expect(left.length).toBeLessThan(keys.length);
    expect(keys.filter((key) => !left.includes(key)).every((key) => key.includes('~'))).toBe(true);

    // Signing in again later finds nothing of hers: a new conversation starts.
    widget = await visit(page, ADA);
    expect(await widget.mine('Ada asks about a cleaning').count()).toBe(0);
    expect(creates(await api.requests())).toHaveLength(3);

    // Bob's conversation is still his.
    widget = await visit(page, BOB);
    await widget.mine('Bob asks about a filling').waitFor(SEEN_OPTIONS);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
