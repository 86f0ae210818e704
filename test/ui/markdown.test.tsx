import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from '../../src/ui/markdown';

afterEach(cleanup);

function show(text: string): HTMLElement {
  return render(<div>{renderMarkdown(text)}</div>).container.firstElementChild as HTMLElement;
}

/** Everything that would make rendered text dangerous. */
function expectInert(root: HTMLElement) {
  expect(root.querySelectorAll('script, img, iframe, object, embed, style, link, svg, form, input, video, audio')).toHaveLength(0);
  for (const el of root.querySelectorAll('*')) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${el.tagName} has ${attr.name}`).toBe(false);
      expect(['src', 'style', 'srcdoc', 'formaction', 'xlink:href']).not.toContain(attr.name.toLowerCase());
    }
  }
  for (const a of root.querySelectorAll('a')) {
    const protocol = new URL(a.getAttribute('href')!).protocol;
    expect(['http:', 'https:', 'mailto:', 'tel:']).toContain(protocol);
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  }
}

describe('markdown renderer on hostile input', () => {
  const cases: [string, string, string?][] = [
    ['raw HTML', '<b onclick="alert(1)">hi</b>', '<b onclick="alert(1)">hi</b>'],
    ['a script tag', '<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['an image tag', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '[click](javascript:alert(1))', 'click'],
    ['a mixed-case javascript: link', '[click](JaVaScRiPt:alert(1))', 'click'],
    ['a javascript: link split by a tab', '[click](java\tscript:alert(1))', 'click'],
    ['a javascript: link split by a newline', '[click](java\nscript:alert(1))'],
    ['a javascript: link with leading control characters', '[click](\u0001\u0002javascript:alert(1))', 'click'],
    ['an entity-encoded javascript: link', '[click](&#106;avascript:alert(1))', 'click'],
    ['a percent-encoded scheme', '[click](%6Aavascript:alert(1))', 'click'],
    ['a data: link', '[click](data:text/html,<script>alert(1)</script>)'],
    ['a vbscript: link', '[click](vbscript:msgbox(1))', 'click'],
    ['a file: link', '[click](file:///etc/passwd)', 'click'],
    ['a relative link', '[click](/admin)', 'click'],
    ['an attribute breakout in a link', '[x](https://a.example/"><img src=x onerror=alert(1)>)'],
    ['an attribute breakout in text', '"><img src=x onerror=alert(1)>', '"><img src=x onerror=alert(1)>'],
    ['a markdown image', '![logo](https://evil.example/track.png)', 'logo'],
    ['a markdown image with a javascript: source', '![x](javascript:alert(1))', 'x'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', '<iframe src="https://evil.example"></iframe>'],
    ['a style tag', '<style>*{display:none}</style>', '<style>*{display:none}</style>'],
    ['HTML inside a code block', '```\n<script>alert(1)</script>\n```', '<script>alert(1)</script>'],
    ['HTML inside inline code', '`<img src=x onerror=alert(1)>`', '<img src=x onerror=alert(1)>'],
    ['HTML inside bold', '**<svg onload=alert(1)>**', '<svg onload=alert(1)>'],
    ['a javascript: autolink', 'go to javascript:alert(1) now', 'go to javascript:alert(1) now'],
    ['a link label with HTML', '[<img src=x onerror=alert(1)>](https://ok.example)', '<img src=x onerror=alert(1)>'],
  ];

  it.each(cases)('%s stays inert', (_name, input, text) => {
    const root = show(input);
    expectInert(root);
    if (text !== undefined) expect(root.textContent).toContain(text);
  });

  it('keeps javascript: and friends out of every href', () => {
    const root = show(cases.map(([, input]) => input).join('\n\n'));
    expectInert(root);
    // Only the breakout's bare URL (its quote and bracket percent-encoded), the image (as a link) and the
    // label-with-HTML link. The iframe's URL stays text: a bare URL starts a word, not a quoted attribute.
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://a.example/%22%3E',
      'https://evil.example/track.png',
      'https://ok.example/',
    ]);
  });

  it('shows images as links to the image, never fetching them', () => {
    const root = show('![the logo](https://cdn.example/logo.png)');
    const link = root.querySelector('a')!;
    expect(link.textContent).toBe('the logo');
    expect(link.getAttribute('href')).toBe('https://cdn.example/logo.png');
    expect(root.querySelector('img')).toBeNull();
  });

  it('stays fast on pathological input (no catastrophic backtracking)', () => {
    const inputs = [
      '*'.repeat(20000) + 'a',
      '**a '.repeat(5000),
      '_a '.repeat(5000) + '_',
      '`'.repeat(5000) + 'x' + '``'.repeat(2000),
      '['.repeat(10000) + ']('.repeat(5000),
      '[a]('.repeat(5000),
      '# ' + ' #'.repeat(10000) + 'x',
      '- '.repeat(5000) + 'x',
      '  - a\n'.repeat(3000),
      'https://' + 'a'.repeat(20000) + '.',
      '\\'.repeat(20000),
      '*_'.repeat(10000),
      '> '.repeat(10000),
    ];
    for (const input of inputs) {
      // The renderer runs while the VNodes are built; happy-dom's DOM (slow, unlike a browser's) is not timed.
      // CPU time of this process: other work on a shared machine does not count. The best of three runs, so
      // a garbage collection or the compiler's threads (which count as this process's) do not either.
      let best = Infinity;
      let children: ReturnType<typeof renderMarkdown> = null;
      for (let run = 0; run < 3 && best >= 250; run++) {
        const start = process.cpuUsage();
        children = renderMarkdown(input);
        const { user, system } = process.cpuUsage(start);
        best = Math.min(best, (user + system) / 1000);
      }
      expect(best, JSON.stringify(input.slice(0, 20))).toBeLessThan(250);
      const root = render(<div>{children}</div>).container.firstElementChild as HTMLElement;
      expectInert(root);
      expect(root.textContent.length).toBeGreaterThan(0);
      cleanup();
    }
  }, 30_000);

  it('stays fast on a staircase of ever deeper list items, leaving the deepest as text', () => {
    const root = show(Array.from({ length: 1000 }, (_, i) => ' '.repeat(2 * i) + '- a').join('\n'));
    expectInert(root);
    expect(root.textContent).toContain('- a');
  });
});

describe('markdown renderer', () => {
  it('renders paragraphs, line breaks, bold, italic and inline code', () => {
    const root = show('Hello **world** and *you*\nsecond line with `code`\n\nNext paragraph');
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(root.querySelector('strong')!.textContent).toBe('world');
    expect(root.querySelector('em')!.textContent).toBe('you');
    expect(root.querySelector('code')!.textContent).toBe('code');
    expect(paragraphs[0]!.querySelector('br')).not.toBeNull();
    expect(paragraphs[1]!.textContent).toBe('Next paragraph');
  });

  it('renders fenced code blocks verbatim', () => {
    const root = show('```js\nconst a = **1**;\n<b>x</b>\n```');
    expect(root.querySelector('pre code')!.textContent).toBe('const a = **1**;\n<b>x</b>');
    expect(root.querySelector('strong')).toBeNull();
  });

  it('renders ordered and unordered lists, nested', () => {
    const root = show('Steps:\n1. first\n2. second\n   - sub a\n   - sub b\n3. third\n\n- apple\n- pear');
    const ol = root.querySelector('ol')!;
    expect(ol.children).toHaveLength(3);
    expect(ol.querySelector('ul')!.children).toHaveLength(2);
    expect(root.querySelectorAll(':scope > ul > li')).toHaveLength(2);
    expect(root.querySelector('p')!.textContent).toBe('Steps:');
  });

  it('keeps the start number of an ordered list', () => {
    expect(show('3. three\n4. four').querySelector('ol')!.getAttribute('start')).toBe('3');
  });

  it('renders headings as level-3 headings whatever their markdown level', () => {
    const root = show('# Title\n### Small ###\ntext');
    const headings = root.querySelectorAll('h3');
    expect([...headings].map((h) => h.textContent)).toEqual(['Title', 'Small']);
  });

  it('renders safe links that open in a new tab', () => {
    const root = show('[Docs](https://docs.example/a_b) or mail [us](mailto:hi@example.com), call [me](tel:+4912345)');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://docs.example/a_b', 'mailto:hi@example.com', 'tel:+4912345']);
    expectInert(root);
  });

  it('links a target that carries a title, dropping the title', () => {
    const link = show('[Prices](https://example.com/prices "Our prices")').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/prices');
    expect(link.textContent).toBe('Prices');
  });

  it('links bare http(s) URLs without their trailing punctuation', () => {
    const link = show('See https://example.com/path.').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/path');
  });

  it('does not italicise snake_case words', () => {
    const root = show('call check_calendar_availability now');
    expect(root.querySelector('em')).toBeNull();
    expect(root.textContent).toBe('call check_calendar_availability now');
  });

  it('keeps nesting bounded however deep the input indents its lists', () => {
    const root = show(Array.from({ length: 150 }, (_, i) => `${' '.repeat(2 * i)}- level ${i}`).join('\n'));
    expect(root.querySelector('ul ul ul ul ul')).not.toBeNull();
    expect(root.querySelector('ul ul ul ul ul ul ul')).toBeNull();
    expect(root.textContent).toContain('level 149');
  });

  it('keeps a list together across blank lines and continuation lines', () => {
    const root = show('- first\n  more of first\n\n- second\nstill second\n\nafter the list');
    const items = [...root.querySelectorAll('li')];
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe('firstmore of first');
    expect(items[1]!.textContent).toBe('secondstill second');
    expect(root.querySelector(':scope > p')!.textContent).toBe('after the list');
  });

  it('renders a code block inside a list item', () => {
    const root = show('1. Install:\n   ```sh\n   npm i x\n   ```\n2. Run it');
    const items = root.querySelectorAll('ol > li');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('pre code')!.textContent).toBe('npm i x');
  });

  it('ends a code block only at a fence at least as long as the opening one', () => {
    const root = show('````\n```\ninside\n````\nafter');
    expect(root.querySelector('pre code')!.textContent).toBe('```\ninside');
    expect(root.querySelector('p')!.textContent).toBe('after');
  });

  it('reads backticks with more backticks on the same line as inline code, not a fence', () => {
    const root = show('```npm i x```\nstill text');
    expect(root.querySelector('pre')).toBeNull();
    expect(root.querySelector('code')!.textContent).toBe('npm i x');
    expect(root.querySelector('p')!.textContent).toContain('still text');
  });

  it('honours backslash escapes', () => {
    const root = show('\\*not italic\\*');
    expect(root.querySelector('em')).toBeNull();
    expect(root.textContent).toBe('*not italic*');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['  http://a.example', 'http://a.example/'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['javascript:alert(1)', null],
    [' \u0000javascript:alert(1)', null],
    ['jav&#x09;ascript:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.example', null],
    ['java\u0000script:alert(1)', null],
    ['\u0085javascript:alert(1)', null],
    ['\u0001\u001fhttps://a.example', 'https://a.example/'],
  ])('%j → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
