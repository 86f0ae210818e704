/**
 * The widget's languages in Chromium on the built script: a French, an Arabic and a Hebrew visitor get
 * the whole panel in their language (nothing left in English), the Arabic and Hebrew panels read right to
 * left, axe-core finds nothing wrong in any of them, and `AssistantChat('setLocale', …)` switches an open
 * panel at once, without closing it or asking the API for anything.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en, type Strings } from '../../../src/ui/strings';
import { strings as ar } from '../../../src/ui/locales/ar';
import { strings as es } from '../../../src/ui/locales/es';
import { strings as fr } from '../../../src/ui/locales/fr';
import { strings as he } from '../../../src/ui/locales/he';
import { strings as it } from '../../../src/ui/locales/it';
import { strings as nl } from '../../../src/ui/locales/nl';
import { strings as pl } from '../../../src/ui/locales/pl';
import { strings as pt } from '../../../src/ui/locales/pt';
import { strings as tr } from '../../../src/ui/locales/tr';
import { animationsDone, axeViolations, GREETING, hostPage, REPLIES, SEEN, widget } from './harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/**
 * Every piece of the panel's own wording: its text and its labels and placeholders. What the assistant
 * wrote (a bubble's text, its functions' names and data) is the server's, in whatever language it
 * speaks, so it is left out; the buttons inside a bubble (a code block's Copy) are the panel's.
 */
function panelWording(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panel = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('.panel');
    if (!panel) throw new Error('no panel');
    const servers = (el: Element) =>
      el.matches('.call-name, .call-raw-name, .tree-key, .tree-value:not(.tree-empty)') || (!!el.closest('.bubble') && !el.closest('button'));
    const words: string[] = [];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node instanceof Element) {
        for (const name of ['aria-label', 'placeholder']) {
          const value = node.getAttribute(name);
          if (value) words.push(value);
        }
      } else if (node.textContent?.trim() && !servers(node.parentElement!)) words.push(node.textContent.trim());
    }
    return words;
  });
}

/** The English strings a panel in `strings`' language must not show (those it words differently). */
function englishLeftIn(wording: string[], strings: Strings): string[] {
  const english = (Object.keys(en) as (keyof Strings)[]).filter((key) => strings[key] !== en[key]).map((key) => en[key]);
  return wording.filter((text) => english.includes(text));
}

/** The panel's text direction: the `dir` it inherits and what the browser lays out. */
function direction(panel: Locator) {
  return panel.evaluate((el) => [el.closest('[dir]')?.getAttribute('dir'), getComputedStyle(el).direction]);
}

describe('a visitor in another language', () => {
  test.each([
    { locale: 'fr-CA', strings: fr, title: 'Écrivez-nous', send: 'Envoyer', placeholder: 'Écrivez un message…', done: 'Terminé', dir: 'ltr' },
    { locale: 'ar', strings: ar, title: 'راسلنا', send: 'إرسال', placeholder: 'اكتب رسالة…', done: 'تم', dir: 'rtl' },
    { locale: 'he', strings: he, title: 'דברו איתנו', send: 'שליחה', placeholder: 'כתבו הודעה…', done: 'בוצע', dir: 'rtl' },
    { locale: 'es', strings: es, title: 'Escríbanos', send: 'Enviar', placeholder: 'Escriba un mensaje…', done: 'Completado', dir: 'ltr' },
    { locale: 'it', strings: it, title: 'Scrivici', send: 'Invia', placeholder: 'Scrivi un messaggio…', done: 'Completato', dir: 'ltr' },
    { locale: 'nl', strings: nl, title: 'Chat met ons', send: 'Versturen', placeholder: 'Typ een bericht…', done: 'Voltooid', dir: 'ltr' },
    { locale: 'pt-BR', strings: pt, title: 'Fale conosco', send: 'Enviar', placeholder: 'Escreva uma mensagem…', done: 'Concluído', dir: 'ltr' },
    { locale: 'pl', strings: pl, title: 'Napisz do nas', send: 'Wyślij', placeholder: 'Napisz wiadomość…', done: 'Gotowe', dir: 'ltr' },
    { locale: 'tr', strings: tr, title: 'Bize yazın', send: 'Gönder', placeholder: 'Bir mesaj yazın…', done: 'Tamamlandı', dir: 'ltr' },
  ])(
    'data-locale $locale: the panel speaks it, reads $dir, and axe finds nothing',
    async ({ locale, strings, title, send, placeholder, done, dir }) => {
      const { page } = browser;
      await page.goto(hostPage(site, { apiBase: api.url, locale }));
      const chat = widget(page, strings);
      await chat.open();
      await chat.log.getByText(GREETING).waitFor(SEEN);
      await chat.say('hello', REPLIES.hello);
      await chat.say('book an appointment', REPLIES.book);
      await chat.card('Book appointment').click();
      await expect.poll(() => chat.card('Book appointment').getAttribute('aria-expanded')).toBe('true');
      await animationsDone(page);

      expect(await chat.panel.getByRole('heading', { name: title, exact: true }).count()).toBe(1);
      expect(await chat.panel.getByRole('button', { name: send, exact: true }).count()).toBe(1);
      expect(await chat.input.getAttribute('placeholder')).toBe(placeholder);
      expect(await chat.card('Book appointment').textContent()).toContain(done);
      expect(await chat.launcher.getAttribute('aria-label')).toBe(title);
      expect(await chat.panel.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe(locale);
      expect(englishLeftIn(await panelWording(page), strings)).toEqual([]);
      expect(await direction(chat.panel)).toEqual([dir, dir]);

      expect(await axeViolations(page)).toEqual([]);
      expect(browser.errors.unexpected()).toEqual([]);
    },
  );
});

describe("AssistantChat('setLocale')", () => {
  test('switches an open panel at once: it stays open on the same conversation, and the API hears nothing', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url, lang: 'en' }));
    const chat = widget(page);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('hello', REPLIES.hello);
    await chat.input.fill('a draft');
    const before = await api.requests();
    const asked: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().startsWith(api.url)) asked.push(`${request.method()} ${request.url()}`);
    });

    await page.evaluate(() => (window as unknown as { AssistantChat(...args: unknown[]): void }).AssistantChat('setLocale', 'fr'));

    const french = widget(page, fr);
    await french.panel.getByRole('heading', { name: 'Écrivez-nous' }).waitFor(SEEN);
    expect(await french.input.getAttribute('placeholder')).toBe('Écrivez un message…');
    expect(await french.sendButton.count()).toBe(1);
    expect(await direction(french.panel)).toEqual(['ltr', 'ltr']);
    await expect.poll(() => french.launcher.getAttribute('aria-label')).toBe('Écrivez-nous');
    // The same panel, open on the same conversation, with the visitor's draft still in the composer.
    expect(await french.panel.isVisible()).toBe(true);
    expect(await french.log.getByText(GREETING).count()).toBe(1);
    expect(await french.log.getByText('hello', { exact: true }).count()).toBe(1);
    expect(await french.input.inputValue()).toBe('a draft');

    // And on to a right-to-left language, just as directly.
    await page.evaluate(() => (window as unknown as { AssistantChat(...args: unknown[]): void }).AssistantChat('setLocale', 'he'));
    const hebrew = widget(page, he);
    await hebrew.panel.getByRole('heading', { name: 'דברו איתנו' }).waitFor(SEEN);
    expect(await direction(hebrew.panel)).toEqual(['rtl', 'rtl']);
    expect(await hebrew.log.getByText('hello', { exact: true }).count()).toBe(1);

    expect(asked).toEqual([]);
    expect(await api.requests()).toEqual(before);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
