/**
 * The README is a site owner's door: its table of data attributes must say what the script tag really takes and
 * what it uses when an attribute is left out, and its links (and those of docs/) must lead somewhere. The table is
 * read from README.md and held against what the widget makes of a script tag (the settings table,
 * src/config/table.ts, read as the boot reads a tag's dataset).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readBootSettings } from '../src/config/boot';
import { settingsOn, toAttributeName } from '../src/config/names';
import { readPanelSettings } from '../src/config/panel';

// (From this file's path: the test environment's `URL` is happy-dom's, which knows no file: URLs.)
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** One row of the README's attribute table: its cells as written, and its line in the file. */
interface Row {
  attribute: string;
  default: string;
  line: number;
}

/** The cells of a table row, split at the pipes outside code spans (`\|` is a pipe of the text). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '|' && !inCode && line[i - 1] !== '\\') {
      cells.push(cell.trim());
      cell = '';
      continue;
    }
    if (char === '`') inCode = !inCode;
    cell += char;
  }
  // (A row starts and ends with a pipe: the first and last pieces are empty.)
  return cells.slice(1);
}

/** The rows of the README's table whose header begins `| Attribute | Default |`. */
function attributeRows(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Attribute\s*\|\s*Default\s*\|/.test(line));
  if (header < 0) throw new Error('The README has no table that begins "| Attribute | Default |".');
  const rows: Row[] = [];
  for (let index = header + 2; lines[index]?.startsWith('|'); index++) {
    const [attribute = '', value = ''] = cellsOf(lines[index]!);
    rows.push({ attribute, default: value, line: index + 1 });
  }
  return rows;
}

// The script and the page on one origin: a relative `data-api-base` then means what the default does.
const CONTEXT = { source: 'script', scriptSrc: 'https://shop.example.org/js/widget.js', pageUrl: 'https://shop.example.org/help/' } as const;

/** A script tag with `attributes`, as a site owner writes it. */
function scriptTag(attributes: Record<string, string>): HTMLScriptElement {
  const tag = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) tag.setAttribute(name, value);
  return tag;
}

/** What the widget makes of a script tag with `attributes`, as the boot reads it (its dataset): every setting as used, and what it did not understand. */
function readTag(attributes: Record<string, string>): { values: Record<string, unknown>; understood: boolean } {
  const given = Object.fromEntries(Object.entries(scriptTag(attributes).dataset));
  const boot = readBootSettings(given, CONTEXT);
  const panel = readPanelSettings(given);
  return { values: { ...boot.values, target: boot.target, ...panel.values }, understood: !boot.issues.length && !panel.issues.length };
}

const show = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));

/**
 * What is wrong with a row's default: a default cell that begins with a code span gives the default as a site owner
 * would write the attribute, which must read as what the widget uses without it; any other cell ("(none)", a
 * sentence) says there is no default of that kind, which must be so.
 */
function defaultProblem(attribute: string, setting: string, cell: string): string | undefined {
  const without = readTag({}).values[setting];
  const written = /^`([^`]*)`/.exec(cell)?.[1];
  if (written === undefined) {
    return without === undefined ? undefined : `${attribute}: the README gives no default ("${cell}"), but the widget uses ${show(without)}.`;
  }
  const read = readTag({ [attribute]: written });
  if (!read.understood) return `${attribute}: the README's default \`${written}\` is not a value the widget understands.`;
  if (without === undefined) return `${attribute}: the README gives the default \`${written}\`, but the widget has none.`;
  if (!isDeepStrictEqual(read.values[setting], without)) {
    return `${attribute}: the README's default \`${written}\` reads as ${show(read.values[setting])}, but the widget uses ${show(without)}.`;
  }
  return undefined;
}

/** One sentence for each way the README's attribute table and the script tag's settings disagree; none when they agree. */
function disagreements(markdown: string): string[] {
  const accepted = settingsOn('script');
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const row of attributeRows(markdown)) {
    const attribute = /^`(data-[a-z0-9-]+)`$/.exec(row.attribute)?.[1];
    if (!attribute) {
      problems.push(`README.md line ${row.line}: "${row.attribute}" is not one data attribute in a code span.`);
      continue;
    }
    // The setting the tag's dataset names: what the boot reads. (happy-dom leaves attributes with an empty value
    // out of the dataset, so this one has a value.)
    const [setting = ''] = Object.keys(scriptTag({ [attribute]: 'x' }).dataset);
    if (!(accepted as string[]).includes(setting)) problems.push(`${attribute} is not a setting the script tag takes.`);
    else if (listed.has(setting)) problems.push(`${attribute} is listed more than once.`);
    else {
      listed.add(setting);
      const problem = defaultProblem(attribute, setting, row.default);
      if (problem) problems.push(problem);
    }
  }
  for (const setting of accepted) {
    if (!listed.has(setting)) problems.push(`data-${toAttributeName(setting)} is missing from the README's table.`);
  }
  return problems;
}

/** The README with the row of `attribute` replaced by `row` (or taken out). */
function withRow(attribute: string, row: string | null): string {
  const pattern = new RegExp('^\\| `' + attribute + '` \\|.*\\n', 'm');
  if (!pattern.test(README)) throw new Error(`the README has no row for ${attribute}`);
  return README.replace(pattern, row === null ? '' : row + '\n');
}

describe("the README's table of data attributes", () => {
  it('lists every setting the script tag takes, once, with the default the widget uses, and nothing else', () => {
    expect(attributeRows(README).length).toBeGreaterThan(0);
    expect(disagreements(README)).toEqual([]);
  });

  it('is found wanting when a row is missing', () => {
    expect(disagreements(withRow('data-theme', null))).toEqual(["data-theme is missing from the README's table."]);
  });

  it('is found wanting when a default is another value than the one the widget uses', () => {
    expect(disagreements(withRow('data-theme', '| `data-theme` | `dark` | The look. |'))).toEqual([
      'data-theme: the README\'s default `dark` reads as "dark", but the widget uses "light".',
    ]);
    // (A bare number is seconds: `4` would be right.)
    expect(disagreements(withRow('data-teaser-delay', '| `data-teaser-delay` | `4ms` | When. |'))).toEqual([
      "data-teaser-delay: the README's default `4ms` reads as 4, but the widget uses 4000.",
    ]);
  });

  it('is found wanting when a default is not a value the widget understands', () => {
    expect(disagreements(withRow('data-theme', '| `data-theme` | `purple` | The look. |'))).toEqual([
      "data-theme: the README's default `purple` is not a value the widget understands.",
    ]);
  });

  it('is found wanting when it gives a default the widget does not have, or leaves out one it has', () => {
    expect(disagreements(withRow('data-teaser', '| `data-teaser` | `Ask us` | A bubble. |'))).toEqual([
      'data-teaser: the README gives the default `Ask us`, but the widget has none.',
    ]);
    expect(disagreements(withRow('data-storage', '| `data-storage` | (none) | Where. |'))).toEqual([
      'data-storage: the README gives no default ("(none)"), but the widget uses "local".',
    ]);
  });

  it('is found wanting when it lists an attribute the script tag does not take, or one twice', () => {
    const extra = '| `data-inline` | `false` | Not for the script tag. |\n| `data-theme` | `light` | Again. |\n';
    expect(disagreements(README.replace(/^\| `data-open` \|/m, extra + '$&'))).toEqual([
      'data-inline is not a setting the script tag takes.',
      'data-theme is listed more than once.',
    ]);
  });
});

/** The Markdown files whose links must lead somewhere: the README and every page of docs/. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A fenced code block. */
const FENCED = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\S\n]*$/gm;

/** `markdown` without its code: fenced blocks and code spans (whose brackets are no links). */
function withoutCode(markdown: string): string {
  return markdown.replace(FENCED, '').replace(/(`+)[^`]*?\1/g, '');
}

/** The targets of the links and images of `markdown` (inline, and reference definitions), outside code. */
function linkTargets(markdown: string): string[] {
  const prose = withoutCode(markdown);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const definitions = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...definitions];
}

/** The anchors of a Markdown file's headings, as GitHub makes them (`## Add it to a website` → `add-it-to-a-website`). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.replace(FENCED, '').matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    // (Code in a heading counts as its text; the backticks are punctuation, which goes.)
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The relative links of `document` (its text: `markdown`) that lead nowhere: a missing file, or a heading a Markdown file does not have. */
function brokenLinks(document: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    // Absolute (https:, mailto:) and protocol-relative links are not the repository's.
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
    const [path = '', anchor] = decodeURI(target).split('#');
    const file = path ? join(ROOT, dirname(document), path) : join(ROOT, document);
    const outside = relative(ROOT, file).startsWith('..') || isAbsolute(relative(ROOT, file));
    if (outside || !existsSync(file)) broken.push(`${document}: ${target} (no such file)`);
    else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
      broken.push(`${document}: ${target} (no such heading)`);
  }
  return broken;
}

describe('the links of the README and docs/', () => {
  it.each(DOCUMENTS)('lead to files and headings that exist, from %s', (document) => {
    const markdown = readFileSync(join(ROOT, document), 'utf8');
    expect(brokenLinks(document, markdown)).toEqual([]);
  });

  it('are found broken when a file or a heading is missing, and code is not taken for links', () => {
    const markdown = [
      'See [the gone page](docs/gone.md), [hosting](docs/hosting.md#no-such-part) and [us](https://example.com).',
      '![a picture](demo/screenshots/missing.png)',
      '[ref]: ./nowhere.txt',
      '`[not a link](nowhere.md)`',
      '```md',
      '[not a link either](nowhere.md)',
      '```',
      '[the CSP](#content-security-policy), [limits](#known-limits)',
    ].join('\n');
    expect(brokenLinks('README.md', markdown)).toEqual([
      'README.md: docs/gone.md (no such file)',
      'README.md: docs/hosting.md#no-such-part (no such heading)',
      'README.md: demo/screenshots/missing.png (no such file)',
      'README.md: ./nowhere.txt (no such file)',
    ]);
  });
});
