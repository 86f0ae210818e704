import { afterEach, describe, expect, it } from 'vitest';
import { de, en, errorText, fill, resolveLocale, type Strings } from '../../src/ui/strings';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('resolveLocale', () => {
  it('picks built-in strings by language, ignoring the region', () => {
    expect(resolveLocale('de-AT')).toEqual({ strings: de, lang: 'de-AT', dir: 'ltr' });
    expect(resolveLocale('en')).toEqual({ strings: en, lang: 'en', dir: 'ltr' });
    expect(resolveLocale('de_CH').lang).toBe('de-CH');
  });

  it('falls back to the page language, then the browser language', () => {
    document.documentElement.lang = 'de';
    expect(resolveLocale(undefined).strings).toEqual(de);
    document.documentElement.lang = '';
    expect(resolveLocale(undefined).lang).toBe(navigator.language);
  });

  it('ignores a malformed locale', () => {
    document.documentElement.lang = 'de';
    expect(resolveLocale('<script>').lang).toBe('de');
  });

  it('uses English words for other languages, keeping their language tag', () => {
    expect(resolveLocale('fr')).toEqual({ strings: en, lang: 'fr', dir: 'ltr' });
  });

  it.each(['ar', 'he', 'fa', 'ur', 'ar-EG'])('lays %s out right to left', (locale) => {
    expect(resolveLocale(locale).dir).toBe('rtl');
  });

  it('applies overrides of known strings only', () => {
    const { strings } = resolveLocale('de', { title: 'Fragen Sie uns', bogus: 'x', constructor: 'y' } as Partial<Strings>);
    expect(strings.title).toBe('Fragen Sie uns');
    expect(strings.send).toBe('Senden');
    expect('bogus' in strings).toBe(false);
    expect(de.title).toBe('Schreiben Sie uns');
  });

  it('has every English string in German too', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('strings helpers', () => {
  it('fills placeholders', () => {
    expect(fill(en.tooLong, { count: 2001, max: 2000 })).toBe('Too long (2001/2000 characters). Shorten your message to send it.');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('words every error kind', () => {
    for (const kind of ['not_found', 'insufficient_balance', 'assistant_failed', 'validation', 'rejected', 'rate_limited', 'server', 'network', 'timeout', 'unexpected'] as const) {
      expect(errorText(kind, en)).toMatch(/\w/);
    }
  });
});
