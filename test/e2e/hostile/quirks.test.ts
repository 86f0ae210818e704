/**
 * A host page without a doctype: it renders in quirks mode, and the user-agent styles of quirks mode reach
 * into the widget's shadow root (a form gets a bottom margin, a table resets the text in it to black and
 * 16px). The widget looks as it does on a standards page: the composer at the panel's foot, and a table in a
 * dark-theme reply in the reply's own colour and size, which axe-core checks for contrast.
 */
import { describe, expect, test } from 'vitest';
import { animationsDone, axeViolations, boxIn, styleIn } from '../ui/harness';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, GREETING, hostPage, SEEN } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const TABLE_REPLY = 'Our prices:\n\n| Treatment | Price |\n| --- | ---: |\n| Cleaning | 80 € |\n| Check-up | 45 € |';

/** The bottom edge of the first element matching `selector` in the widget, in CSS pixels. */
function bottomOf(box: { y: number; height: number } | null): number {
  if (!box) throw new Error('not on the page');
  return box.y + box.height;
}

/** What a table's text takes from the reply it is in. */
const TEXT_STYLE = ['color', 'font-size', 'line-height'] as const;

describe('a host page in quirks mode (no doctype)', () => {
  test('the composer sits at the panel’s foot, and a table in a dark reply reads in the reply’s colour and size', async () => {
    const { page, errors } = browser;
    // The stand-in's reply to the visitor's message, swapped for one with a table.
    await page.route(/\/messages$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, message: TABLE_REPLY, function_calls: [] } });
    });
    const html = hostPage({ siteUrl: site.url, apiBase: api.url, attributes: { 'data-theme': 'dark' } }).replace(/^<!doctype html>\s*/i, '');
    await page.goto(site.page('/quirks.html', html));
    expect(await page.evaluate(() => document.compatMode)).toBe('BackCompat');

    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await animationsDone(page);
    // At the foot, to the rounding of a pixel (quirks mode's form margin once left a 15 px gap under it).
    expect(Math.abs(bottomOf(await boxIn(page, 'form.composer')) - bottomOf(await boxIn(page, '.panel')))).toBeLessThanOrEqual(1);

    await widget.send('What do you charge?');
    const cell = widget.log.getByRole('cell', { name: 'Cleaning' });
    await cell.waitFor(SEEN);
    // (The table's first cell, and the box the table scrolls in, which takes its text from the reply.)
    expect(await styleIn(page, '.bubble td', TEXT_STYLE)).toEqual(await styleIn(page, '.bubble .table-scroll', TEXT_STYLE));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors.unexpected()).toEqual([]);
  });
});
