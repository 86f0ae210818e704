/**
 * axe-core in Chromium on the built widget: the panel open over a history that holds everything the
 * widget can show at once (markdown, function-call cards open and closed, a failed call, a message
 * that failed with Retry, an error banner), in light, dark and system-dark themes. Zero violations of
 * any impact: no rule is disabled.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../../helpers/stand-in';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en } from '../../../src/ui/strings';
import { axeViolations, GREETING, hostPage, REPLIES, SEEN, widget } from './harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

// The banner comes from the owner running out of money mid-conversation; give it back afterwards.
let balance = 0;
beforeEach(async () => {
  balance = await api.balance(ASSISTANTS.northwind);
});
afterEach(async () => {
  await api.setBalance(ASSISTANTS.northwind, balance);
});

/**
 * Builds the fullest history: markdown, two successful cards, a failed card, a message the assistant
 * failed to answer (failed, with Retry), then one refused for the owner's balance (failed, and the
 * "unavailable" banner). Expands every card so the argument and result trees are checked too.
 */
async function fullHistory(theme: 'light' | 'dark' | 'auto') {
  const { page } = browser;
  await page.goto(hostPage(site, { apiBase: api.url, type: 'widget', theme }));
  const chat = widget(page);
  await chat.open();
  await chat.log.getByText(GREETING).waitFor(SEEN);
  await chat.say('markdown', REPLIES.markdown);
  await chat.say('book an appointment', REPLIES.book);
  await chat.say('cancel my appointment', REPLIES.cancel);

  await api.fault('assistant-error');
  await chat.input.fill('where is order 7?');
  await chat.input.press('Enter');
  await chat.log.getByText(en.failed).first().waitFor(SEEN);

  // A later message waits behind the failed one (first in, first out); retried with the owner's balance
  // gone, the failed one is refused, and the panel says the chat is unavailable.
  await api.setBalance(ASSISTANTS.northwind, 0);
  await chat.input.fill('hello again');
  await chat.input.press('Enter');
  await chat.log.getByText(en.queued).waitFor(SEEN);
  await chat.log.getByRole('button', { name: en.retry }).click();
  await chat.panel.getByRole('alert').filter({ hasText: en.errorUnavailable }).waitFor(SEEN);

  for (const name of ['Check calendar availability', 'Book appointment', 'Cancel appointment']) {
    await chat.card(name).click();
    await expect.poll(() => chat.card(name).getAttribute('aria-expanded')).toBe('true');
  }
  // The history really holds what this test claims to check.
  expect(await chat.log.getByRole('heading', { name: 'What I can do' }).count()).toBe(1);
  expect(await chat.log.locator('pre code').count()).toBe(1);
  expect(await chat.log.getByRole('link', { name: 'widget documentation' }).count()).toBe(1);
  expect(await chat.log.getByText(en.callFailed).count()).toBe(1);
  expect(await chat.log.getByText(en.failed).count()).toBe(1);
  expect(await chat.log.getByText(en.queued).count()).toBe(1);
  return chat;
}

describe('axe-core finds nothing wrong with the open panel', () => {
  test.each([
    { theme: 'light' as const, scheme: 'light' as const },
    { theme: 'dark' as const, scheme: 'light' as const },
    { theme: 'auto' as const, scheme: 'dark' as const },
  ])('theme $theme (system $scheme): markdown, cards, a failed message and an error banner', async ({ theme, scheme }) => {
    await browser.page.emulateMedia({ colorScheme: scheme });
    await fullHistory(theme);

    // Scroll to the top too: axe checks contrast only for what is on screen, so look at both ends.
    const atBottom = await axeViolations(browser.page);
    await browser.page.evaluate(() => {
      const scroller = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('.scroller');
      if (scroller) scroller.scrollTop = 0;
    });
    const atTop = await axeViolations(browser.page);

    expect(atBottom).toEqual([]);
    expect(atTop).toEqual([]);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('axe looks inside the shadow root: a nameless button added there is reported', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(page);
    await chat.open();
    await page.evaluate(() => {
      const head = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('.panel-header');
      head?.append(document.createElement('button'));
    });

    const violations = await axeViolations(page);

    expect(violations.map((v) => v.id)).toContain('button-name');
  });
});
