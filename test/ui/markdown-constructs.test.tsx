/**
 * What assistants write every day, rendered the way they meant it (issue #14): the constructs that used
 * to be lost, garbled or shown as raw syntax.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_LENGTH, PLAIN_TEXT_PART, renderMarkdown } from '../../src/ui/markdown';

afterEach(cleanup);

function show(text: string): HTMLElement {
  return render(<div>{renderMarkdown(text)}</div>).container.firstElementChild as HTMLElement;
}

describe('content stays as written', () => {
  it('keeps the blank lines of a code block inside a numbered step', () => {
    const root = show('1. Create `app.yaml`:\n\n   ```yaml\n   name: shop\n\n   port: 8080\n   ```\n2. Deploy it.');
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('pre code')!.textContent).toBe('name: shop\n\nport: 8080');
  });

  it('reads inline code inside bold as code', () => {
    const strong = show('**Use `**kwargs` to forward options.**').querySelector('strong')!;
    expect(strong.textContent).toBe('Use **kwargs to forward options.');
    expect(strong.querySelector('code')!.textContent).toBe('**kwargs');
  });

  it('unescapes parentheses in a link target', () => {
    const link = show('[Mercury](https://en.wikipedia.org/wiki/Mercury_\\(planet\\))').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Mercury_(planet)');
  });

  it('keeps the closing parenthesis of a bare URL that opened one, not one that closes the sentence', () => {
    const root = show('See https://en.wikipedia.org/wiki/Mercury_(planet) (or https://example.com/a).');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://en.wikipedia.org/wiki/Mercury_(planet)',
      'https://example.com/a',
    ]);
    expect(root.textContent).toBe('See https://en.wikipedia.org/wiki/Mercury_(planet) (or https://example.com/a).');
  });
});

describe('links the widget cannot make safe', () => {
  it.each([
    ['a target with spaces', '[price list](Price List 2024.pdf)', 'price list (Price List 2024.pdf)'],
    ['a relative target', 'See [our prices](/prices).', 'See our prices (/prices).'],
    ['a javascript: target', '[click](javascript:alert(1))', 'click (javascript:alert(1))'],
    ['a target with a title', '[docs](docs/intro.md "Intro")', 'docs (docs/intro.md "Intro")'],
  ])('show %s as text after the label', (_name, input, text) => {
    const root = show(input);
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe(text);
  });
});

describe('constructs that used to show as raw syntax', () => {
  it('renders a pipe table as a real, scrollable table with header cells and aligned columns', () => {
    const root = show('| Plan | Price | Seats |\n|:-----|------:|:-----:|\n| Basic | 9 € | 1 |\n| Team | **29 €** | 5 |');
    const scroller = root.querySelector('.table-scroll')!;
    expect(scroller.getAttribute('tabindex')).toBe('0');
    const table = scroller.querySelector('table')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Plan', 'Price', 'Seats']);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['Basic9 €1', 'Team29 €5']);
    expect([...table.querySelectorAll('tbody tr:first-child td')].map((td) => td.getAttribute('align'))).toEqual(['left', 'right', 'center']);
    expect(table.querySelector('strong')!.textContent).toBe('29 €');
  });

  it('keeps the extra cells of a row wider than its header', () => {
    const root = show('| a | b |\n|---|---|\n| 1 | 2 | 3 |');
    expect(root.querySelector('tbody')!.textContent).toBe('123');
  });

  it('renders quotes, nested in lists too', () => {
    const root = show('> **Note:** prices change.\n> Check back.\n\n- item\n  > quoted');
    expect(root.querySelector(':scope > blockquote')!.textContent).toBe('Note: prices change.Check back.');
    expect(root.querySelector('li blockquote')!.textContent).toBe('quoted');
  });

  it('strikes through ~~old prices~~ but leaves a single tilde alone', () => {
    const root = show('Now ~~49 €~~ 39 €, ships in ~2 days');
    expect(root.querySelector('del')!.textContent).toBe('49 €');
    expect(root.textContent).toBe('Now 49 € 39 €, ships in ~2 days');
  });

  it('links <https://…> and www. autolinks', () => {
    const root = show('Visit <https://shop.example/a?b=1> or www.shop.example/help.');
    expect([...root.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://shop.example/a?b=1', 'https://shop.example/a?b=1'],
      ['http://www.shop.example/help', 'www.shop.example/help'],
    ]);
  });

  it('renders [[1]](url) citations as links labelled [1]', () => {
    const link = show('Mercury is the smallest planet [[1]](https://nasa.example/mercury).').querySelector('a')!;
    expect(link.textContent).toBe('[1]');
    expect(link.getAttribute('href')).toBe('https://nasa.example/mercury');
  });

  it('decodes named and numeric character references', () => {
    expect(show('Fish &amp; chips&nbsp;&ndash; &#8364;5 &copy; &#x1F600; &bogus;').textContent).toBe('Fish & chips\u00a0– €5 © 😀 &bogus;');
  });

  it('breaks lines at a backslash or two spaces before the line end, without showing the backslash', () => {
    const paragraph = show('Street 1\\\nBerlin  \nGermany').querySelector('p')!;
    expect(paragraph.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph.textContent).toBe('Street 1BerlinGermany');
  });

  it('nests emphasis inside strong emphasis', () => {
    const strong = show('**Note: this is *important***').querySelector('strong')!;
    expect(strong.textContent).toBe('Note: this is important');
    expect(strong.querySelector('em')!.textContent).toBe('important');
  });

  it('renders an image inside a link as that link, labelled with the alt text', () => {
    const root = show('[![build passing](https://ci.example/badge.svg)](https://ci.example/run/1)');
    const links = root.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://ci.example/run/1');
    expect(root.textContent).toBe('build passing');
    expect(root.querySelector('img')).toBeNull();
  });

  it('shows a code block with its language and a Copy button', () => {
    const root = show('```python\nprint("hi")\n```');
    expect(root.querySelector('.code-header > span')!.textContent).toBe('python');
    expect(root.querySelector('button')!.textContent).toBe('Copy');
    expect(root.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
  });
});

describe('right-to-left text', () => {
  it('gives every block its own direction, so mixed Arabic, Hebrew and English paragraphs each read right', () => {
    const root = show('مرحبا بك في متجرنا.\n\nWelcome to our shop.\n\n- שלום\n- hello\n\n> اقتباس\n\n# عنوان');
    for (const block of root.querySelectorAll('p, li, ul, blockquote, h3')) expect(block.getAttribute('dir')).toBe('auto');
  });

  it('isolates a link label, so a right-to-left override inside it cannot reorder the text after the link', () => {
    const link = show('[\u202Egnp.exe](https://files.example/a) then more text').querySelector('a')!;
    expect(link.firstElementChild!.tagName).toBe('BDI');
    expect(link.firstElementChild!.textContent).toBe('\u202Egnp.exe');
  });
});

describe('a link label that names another site', () => {
  it('shows the real host next to a label that reads as a different URL or domain', () => {
    const root = show('[https://bank.example](https://elsewhere.test/login) and [bank.example](https://elsewhere.test/)');
    for (const link of root.querySelectorAll('a')) expect(link.querySelector('.link-host')!.textContent).toBe(' (elsewhere.test)');
    expect(root.querySelector('a')!.textContent).toBe('https://bank.example (elsewhere.test)');
  });

  it('adds nothing when the label is words or names the same host', () => {
    const root = show('[our docs](https://docs.example/a) [www.docs.example](https://docs.example/b) <https://docs.example/c>');
    expect(root.querySelector('.link-host')).toBeNull();
  });
});

describe('hostile shapes', () => {
  it.each([
    ['a very long fence', '`'.repeat(100_000) + '\ncode'],
    ['a very long tilde fence', '~'.repeat(100_000) + '\n' + '~'.repeat(99_999)],
    ['a fence closed by a longer run', '```\ncode\n' + '`'.repeat(20_000)],
  ])('render %s without throwing', (_name, input) => {
    expect(() => show(input)).not.toThrow();
  });

  it(`shows a reply over ${MAX_MARKDOWN_LENGTH} characters as plain text with its line breaks, a part at a time`, async () => {
    const text = '**bold** line\n'.repeat(Math.ceil((2.5 * MAX_MARKDOWN_LENGTH) / 14));
    const root = show(text);
    expect(root.querySelector('strong')).toBeNull();
    const parts = () => [...root.querySelectorAll('.plain-text')].map((p) => p.textContent).join('');
    expect(text.startsWith(parts())).toBe(true);
    expect(parts().length).toBeLessThanOrEqual(PLAIN_TEXT_PART);
    while (parts().length < text.length) fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(parts()).toBe(text);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
