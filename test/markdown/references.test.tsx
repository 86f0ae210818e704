import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ui/markdown';

afterEach(cleanup);

/** The reply as the visitor sees it, and its links (label and address). */
function show(text: string) {
  const root = render(<div>{renderMarkdown(text)}</div>).container.firstElementChild as HTMLElement;
  return {
    text: root.textContent,
    links: [...root.querySelectorAll('a')].map((a) => [
      a.querySelector('bdi')?.textContent ?? a.textContent,
      a.getAttribute('href'),
      a.getAttribute('title'),
    ]),
  };
}

describe('link reference definitions', () => {
  it('make links of citations defined after the text that cites them, and show no definition', () => {
    const reply =
      'Our hours are on the site [1], and parking is free [2].\n\n[1]: https://clinic.example/hours\n[2]: https://clinic.example/parking "Parking"';
    expect(show(reply)).toEqual({
      text: 'Our hours are on the site 1, and parking is free 2.',
      links: [
        ['1', 'https://clinic.example/hours', null],
        ['2', 'https://clinic.example/parking', 'Parking'],
      ],
    });
  });

  it('take full, collapsed and shortcut references, matching labels in any case and spacing', () => {
    const reply = '[the guide][Guide  Book], [Guide book][] and [GUIDE BOOK].\n\n[guide book]: https://example.com/guide';
    expect(show(reply).links).toEqual([
      ['the guide', 'https://example.com/guide', null],
      ['Guide book', 'https://example.com/guide', null],
      ['GUIDE BOOK', 'https://example.com/guide', null],
    ]);
  });

  it('fold case as Unicode does (ẞ is SS)', () => {
    expect(show('[STRASSE]\n\n[Straße]: https://example.com/s').links).toEqual([['STRASSE', 'https://example.com/s', null]]);
  });

  it('keep the first definition of a label, read definitions in quotes and lists too, and take titles on the next line', () => {
    const reply = '- [a]\n- [b]\n\n> [a]: https://example.com/first\n\n[a]: https://example.com/second\n- [b]: <https://example.com/b c>\n  "Bee"';
    expect(show(reply).links).toEqual([
      ['a', 'https://example.com/first', null],
      ['b', 'https://example.com/b%20c', 'Bee'],
    ]);
  });

  it('leave a reference without a definition as text, and a full reference to an unknown label is no shortcut', () => {
    expect(show('[nothing] and [x][nothing]\n\n[x]: https://example.com/x')).toEqual({ text: '[nothing] and [x][nothing]', links: [] });
  });

  it('show an unsafe target as text, as inline links do', () => {
    expect(show('[run][evil] and [rel]\n\n[evil]: javascript:alert(1)\n[rel]: /prices')).toEqual({
      text: 'run (javascript:alert(1)) and rel (/prices)',
      links: [],
    });
  });

  it('cannot interrupt a paragraph: a definition-like line inside one is text', () => {
    // (The line break is a <br>: no text of its own.)
    expect(show('Some text\n[a]: https://example.com/a\n\n[a]')).toEqual({
      text: 'Some text[a]: https://example.com/a[a]',
      links: [['https://example.com/a', 'https://example.com/a', null]],
    });
  });

  it('leave an inline link as it is, and make no link of text that holds one (the reference inside wins)', () => {
    expect(show('[a](https://example.com/inline) [[a]](/outer)\n\n[a]: https://example.com/ref')).toEqual({
      text: 'a [a](/outer)',
      links: [
        ['a', 'https://example.com/inline', null],
        ['a', 'https://example.com/ref', null],
      ],
    });
  });
});

describe('named character references', () => {
  it.each([
    [
      'punctuation',
      '&mdash; &ndash; &hellip; &lsquo;x&rsquo; &ldquo;y&rdquo; &laquo;z&raquo; &bull; &middot; &para; &sect; &dagger;',
      '— – … ‘x’ “y” «z» • · ¶ § †',
    ],
    ['currency', '&euro; &pound; &yen; &cent; &curren; &dollar;', '€ £ ¥ ¢ ¤ $'],
    ['arrows', '&larr; &rarr; &uarr; &darr; &harr; &lArr; &rArr; &hArr;', '← → ↑ ↓ ↔ ⇐ ⇒ ⇔'],
    [
      'mathematics',
      '&times; &divide; &plusmn; &minus; &le; &ge; &ne; &asymp; &infin; &sum; &prod; &radic; &deg; &micro; &frac12; &frac14; &frac34; &sup2; &sup3;',
      '× ÷ ± − ≤ ≥ ≠ ≈ ∞ ∑ ∏ √ ° µ ½ ¼ ¾ ² ³',
    ],
    [
      'Latin letters',
      '&agrave; &eacute; &ntilde; &ouml; &szlig; &Aring; &AElig; &oslash; &thorn; &yuml; &oelig; &Scaron;',
      'à é ñ ö ß Å Æ ø þ ÿ œ Š',
    ],
    ['Greek letters', '&alpha; &beta; &pi; &Omega; &Delta; &sigmaf;', 'α β π Ω Δ ς'],
  ])('read %s', (_, written, shown) => {
    expect(show(written).text).toBe(shown);
  });

  it('leave an unknown name as written', () => {
    expect(show('&notaname; &Foo;').text).toBe('&notaname; &Foo;');
  });
});
