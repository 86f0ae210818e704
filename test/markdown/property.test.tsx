/**
 * Random and adversarial markdown (fast-check): no input throws, the output shows every word the input
 * shows, and rendering takes time in proportion to the input's length.
 */
import { cleanup, render } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_LENGTH, renderMarkdown } from '../../src/ui/markdown';
import { isPlainLine } from '../../src/ui/plain-text';

afterEach(cleanup);

const WORDS = ['apple', 'Berg', 'kiwi9', 'x_y', 'قمر', 'שלום', 'Zürich', 'mañana'];
/** Markdown syntax, whole and in pieces, with no words in it. */
const SYNTAX = [
  '*',
  '**',
  '***',
  '_',
  '__',
  '~',
  '~~',
  '`',
  '``',
  '```',
  '~~~',
  '[',
  ']',
  '](',
  '(',
  ')',
  '![',
  '<',
  '>',
  '"',
  '# ',
  '### ',
  '- ',
  '+ ',
  '* ',
  '1. ',
  '3) ',
  '> ',
  '>',
  '|',
  '| --- |',
  '|:-:|',
  '---',
  '===',
  '\\',
  '&',
  ';',
  '&amp;',
  '&#35;',
  '&nbsp;',
  '@',
  ':',
  '.',
  '!',
  'https://',
  'www.',
  '\n',
  '\n\n',
  ' ',
  '  ',
  '\t',
  '    ',
];

const word = fc.constantFrom(...WORDS);
const syntax = fc.constantFrom(...SYNTAX);
const markdownish = fc
  .array(fc.oneof({ arbitrary: word, weight: 2 }, { arbitrary: syntax, weight: 3 }), { maxLength: 120 })
  .map((parts) => parts.join(''));

/**
 * The words a reader sees in the source: all of them except those in a link's or image's target
 * (`](…)`), which is where a link goes, not what it says.
 */
function visibleWords(markdown: string): string[] {
  const withoutTargets = markdown.replace(/\]\([^)]*\)?/g, ' ');
  const pattern = new RegExp(WORDS.join('|'), 'g');
  return withoutTargets.match(pattern) ?? [];
}

/** Whether `words` appear in `text` in their order. */
function inOrder(text: string, words: string[]): boolean {
  let from = 0;
  for (const w of words) {
    const at = text.indexOf(w, from);
    if (at < 0) return false;
    from = at + w.length;
  }
  return true;
}

/**
 * Milliseconds of CPU time to build the VNodes (where the renderer runs), best of `runs`. CPU time of this
 * process, not the wall clock: other work on a shared machine does not count against the renderer.
 */
function renderTime(markdown: string, runs = 3): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    renderMarkdown(markdown);
    const { user, system } = process.cpuUsage(start);
    best = Math.min(best, (user + system) / 1000);
  }
  return best;
}

// Generous (a browser on a slow phone is slower than Node here); a quadratic renderer misses it by far.
const budgetMs = (markdown: string) => 20 + (5 * markdown.length) / 1024;

describe('random markdown', () => {
  it('never throws, shows every visible word in order, and renders within the time budget', () => {
    fc.assert(
      fc.property(markdownish, (markdown) => {
        expect(renderTime(markdown)).toBeLessThan(budgetMs(markdown));
        const text = render(<div>{renderMarkdown(markdown)}</div>).container.textContent;
        cleanup();
        expect(inOrder(text, visibleWords(markdown)), `${JSON.stringify(markdown)}\n→ ${JSON.stringify(text)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 20_000);

  it('never throws on any string of any characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.string({ unit: fc.constantFrom(...Array.from('*_`~[]()!<>&#;\\|-=+.:\n \t')), maxLength: 2000 }),
        ),
        (text) => {
          expect(renderTime(text, 1)).toBeLessThan(budgetMs(text));
        },
      ),
      { numRuns: 200 },
    );
  }, 20_000);
});

/** Inputs that make a naive renderer slow: long runs, growing runs, deep nesting, unclosed openers. */
const ADVERSARIAL: Record<string, (size: number) => string> = {
  'backtick runs of growing lengths': (size) => grow(size, (n) => '`'.repeat(n) + 'a'),
  'asterisk runs of growing lengths': (size) => grow(size, (n) => '*'.repeat(n) + 'a '),
  'underscore runs of growing lengths': (size) => grow(size, (n) => 'a' + '_'.repeat(n) + ' '),
  'alternating * and _': (size) => '*_'.repeat(size / 2),
  'unclosed emphasis openers': (size) => '**a '.repeat(size / 4),
  'unclosed brackets': (size) => '['.repeat(size / 2) + ']('.repeat(size / 4),
  'link openers without targets': (size) => '[a]('.repeat(size / 4),
  'nested parentheses in a target': (size) => '[a](' + '('.repeat(size - 5),
  'unclosed titles': (size) => '[a](b "'.repeat(size / 7),
  'unclosed autolinks': (size) => '<a'.repeat(size / 2),
  'bare URLs in parentheses': (size) => '(https://a.b'.repeat(size / 12),
  'entities without semicolons': (size) => '&amp'.repeat(size / 4),
  'a staircase of list items': (size) => Array.from({ length: Math.sqrt(size) }, (_, i) => ' '.repeat(i) + '- a').join('\n'),
  'deep quotes': (size) => '> '.repeat(size / 2) + 'a',
  'long fence runs': (size) => grow(size, (n) => '`'.repeat(n) + '\n'),
  'table rows': (size) => '| a | b |\n|---|---|\n' + '| x |'.repeat(size / 5),
  'headings with closing hashes': (size) => '# ' + ' #'.repeat(size / 2) + 'x',
  'many link reference definitions': (size) => grow(size, (n) => `[${n}]: https://example.com/${n} "Source ${n}"\n`),
  'many references to them': (size) => '[1]: https://example.com\n\n' + grow(size, (n) => `[${n % 7}] [x][1] [1][] `),
  'unclosed definition labels': (size) => '[' + 'a\\]'.repeat(size / 3) + '\n[a]: /b',
};

/** Inputs known to take more than linear time (see the test). */
const SUPERLINEAR = new Set(['alternating * and _']);

/** Pieces of growing size until the text is `size` long. */
function grow(size: number, piece: (n: number) => string): string {
  let text = '';
  for (let n = 1; text.length < size; n++) text += piece(n);
  return text.slice(0, size);
}

describe('adversarial markdown', () => {
  it.each(Object.entries(ADVERSARIAL))('renders %s in time linear in its length', (name, make) => {
    const small = make(6_000);
    const large = make(24_000);
    renderTime(small, 2); // warm up
    const smallMs = renderTime(small, 3);
    const largeMs = renderTime(large, 3);
    expect(largeMs).toBeLessThan(budgetMs(large));
    // Four times the text: linear takes four times as long, quadratic sixteen. Known exception: alternating
    // `*` and `_`. The renderer's steps for it are linear, but it makes the most elements per character, and
    // the garbage collector's time grows faster (about n^1.6 from 12,000 characters on); the budget above
    // and the 30,000-character limit on markdown hold it.
    if (!SUPERLINEAR.has(name)) expect(largeMs).toBeLessThan(8 * smallMs + 15);
  });

  it(`shows a reply over ${MAX_MARKDOWN_LENGTH} characters as plain text, at once`, () => {
    const huge = '*_`['.repeat(250_000);
    expect(renderTime(huge)).toBeLessThan(50);
  });
});

describe('a reply the panel draws without the renderer (isPlainLine)', () => {
  it('is drawn exactly as the renderer draws it', () => {
    const html = (children: ReturnType<typeof renderMarkdown>) => {
      const { container, unmount } = render(<>{children}</>);
      const out = container.innerHTML;
      unmount();
      return out;
    };
    const text = fc.array(fc.oneof(word, syntax, fc.string({ maxLength: 3 })), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (reply) => {
        fc.pre(isPlainLine(reply));
        expect(html(renderMarkdown(reply))).toBe(html(<p dir="auto">{reply}</p>));
      }),
      { numRuns: 3000 },
    );
    // And it says "plain" for what is: a greeting with an emoji, a question.
    expect(['Hi Ada! 👋 Welcome to Riverside Clinic.', 'How can I help you today?'].every(isPlainLine)).toBe(true);
  });
});
