/**
 * A host page in a legacy encoding (windows-1252 here; Shift_JIS and the like alike), with the widget's files
 * served the way many servers serve them: no charset named. A classic script is then read in the page's
 * encoding, so the boot must be plain ASCII; the panel's files are modules, which browsers always read as
 * UTF-8. The visitor reads every word right, and the server receives exactly what they typed.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { GREETING, hostPage, SEEN } from './world';

const browser = useBrowser();
const site = useStaticServer({ charset: false });
const api = useStandIn();

/** The host page, declared windows-1252, in ASCII bytes only (its own words in English), in French for the widget. */
function legacyPage(): string {
  const html = hostPage({ siteUrl: site.url, apiBase: api.url, body: '<h1>Riverside Clinic</h1>', attributes: { 'data-locale': 'fr' } });
  return html.replace('<meta charset="utf-8">', '<meta charset="windows-1252">');
}

describe('a host page in windows-1252, the files served with no charset', () => {
  test('the launcher, the panel in French and the greeting read right, and the server gets the exact text typed', async () => {
    const { page, errors } = browser;
    await page.goto(site.page('/legacy.html', legacyPage(), { contentType: 'text/html; charset=windows-1252' }));
    expect(await page.evaluate(() => document.characterSet)).toBe('windows-1252');
    const root = page.locator('assistant-chat-root');

    // The boot's own French words (written in escapes: the boot is plain ASCII) before the panel loads, then the panel's.
    await root.getByRole('button', { name: 'Écrivez-nous', exact: true }).click();
    const panel = root.getByRole('dialog', { name: 'Écrivez-nous' });
    const input = panel.getByRole('textbox', { name: 'Votre message' });
    await input.waitFor(SEEN);
    expect(await input.getAttribute('placeholder')).toBe('Écrivez un message…');
    expect(await panel.getByRole('button', { name: 'Envoyer', exact: true }).count()).toBe(1);
    await panel.getByText(GREETING).waitFor(SEEN);
    expect(await root.getByRole('button', { name: 'Écrivez-nous', exact: true }).count()).toBe(1);

    const typed = 'Ça marche mardi ? Merci 😊';
    await input.fill(typed);
    await input.press('Enter');
    await panel.getByText(typed, { exact: true }).waitFor(SEEN);
    await expect
      .poll(async () =>
        (await api.requests()).filter((request) => request.method === 'POST' && /\/messages$/.test(request.path)).map((request) => request.body),
      )
      .toEqual([{ message: typed }]);
    expect(errors.unexpected()).toEqual([]);
  });
});
