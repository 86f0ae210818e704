import { afterEach, describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../src/boot/language';
import { en, errorText, fill, LANGUAGES, stringsFor, type Strings } from '../../src/ui/strings';
import { strings as de } from '../../src/ui/locales/de';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('resolveLanguage', () => {
  it('reads the language and its base from a locale, ignoring the region', () => {
    expect(resolveLanguage('de-AT')).toEqual({ lang: 'de-AT', base: 'de', dir: 'ltr' });
    expect(resolveLanguage('de_CH').lang).toBe('de-CH');
  });

  it('falls back to the page language, then the browser language', () => {
    document.documentElement.lang = 'de';
    expect(resolveLanguage(undefined).base).toBe('de');
    document.documentElement.lang = '';
    expect(resolveLanguage(undefined).lang).toBe(navigator.language);
  });

  it('ignores a malformed locale', () => {
    document.documentElement.lang = 'de';
    expect(resolveLanguage('<script>').lang).toBe('de');
  });

  it.each(['ar', 'he', 'fa', 'ur', 'ar-EG', 'he-IL'])('lays %s out right to left', (locale) => {
    expect(resolveLanguage(locale).dir).toBe('rtl');
  });

  it.each(['fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr', 'de'])('lays %s out left to right', (locale) => {
    expect(resolveLanguage(locale).dir).toBe('ltr');
  });
});

describe('the languages', () => {
  it('are English and, each in a file of its own, Arabic, Dutch, French, German, Hebrew, Italian, Polish, Portuguese, Spanish and Turkish', () => {
    expect(Object.keys(LANGUAGES).sort()).toEqual(['ar', 'de', 'es', 'fr', 'he', 'it', 'nl', 'pl', 'pt', 'tr']);
  });

  it.each([
    ['fr-CA', 'Écrivez-nous'],
    ['pt-BR', 'Fale conosco'],
    ['pt_PT', 'Fale conosco'],
    ['es-419', 'Escríbanos'],
    ['ar-EG', 'راسلنا'],
    ['he-IL', 'דברו איתנו'],
    ['NL-be', 'Chat met ons'],
  ])('gives %s the words of its base language', async (locale, title) => {
    const { strings } = await LANGUAGES[resolveLanguage(locale).base]!();
    expect(strings.title).toBe(title);
  });

  it('each have every English string, loaded from a file of their own', async () => {
    for (const [base, load] of Object.entries(LANGUAGES)) {
      const { strings } = await load();
      expect(Object.keys(strings).sort(), base).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(strings)) {
        expect(text.trim(), `${base}.${key}`).not.toBe('');
        // Placeholders are the English ones: a translation cannot drop or invent `{n}`.
        const placeholders = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${base}.${key}`).toEqual(placeholders(en[key as keyof Strings]));
      }
    }
  });

  it('take the site owner overrides of known strings only', () => {
    const strings = stringsFor(de, { title: 'Fragen Sie uns', bogus: 'x', constructor: 'y' } as Partial<Strings>);
    expect(strings.title).toBe('Fragen Sie uns');
    expect(strings.send).toBe('Senden');
    expect('bogus' in strings).toBe(false);
    expect(de.title).toBe('Schreiben Sie uns');
  });
});

describe('strings helpers', () => {
  it('fills placeholders', () => {
    expect(fill(en.tooLong, { count: 2001, max: 2000 })).toBe('Too long (2001/2000 characters). Shorten your message to send it.');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('words every error kind', () => {
    for (const kind of [
      'not_found',
      'insufficient_balance',
      'assistant_failed',
      'validation',
      'rejected',
      'rate_limited',
      'server',
      'network',
      'timeout',
      'unexpected',
    ] as const) {
      expect(errorText(kind, en)).toMatch(/\w/);
    }
  });
});
