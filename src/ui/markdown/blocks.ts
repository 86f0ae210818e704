/**
 * Block markdown to Preact children, in one pass over the lines: a few line classifiers tell where each
 * block starts; a container (block quote, list item) gathers its lines, takes its prefix off them and
 * reads them again as blocks, at most `MAX_DEPTH` containers deep (deeper markers are text). Each line is
 * read a bounded number of times on each level, so the work is linear in the text's length.
 *
 * Every block gets its own text direction (`dir="auto"`), so a reply that mixes Arabic or Hebrew
 * paragraphs with English ones lays out each the way it reads. Where this departs from CommonMark, on
 * purpose, is listed in test/markdown/commonmark.test.ts.
 */
import { h, type ComponentChildren, type VNode } from 'preact';
import { CodeBlock, type CodeBlockStrings } from '../CodeBlock';
import { unescapeText } from './entities';
import { LINK_TARGET, LINK_TITLE, normalizeLabel, renderInline, type References } from './inline';

/** Block quotes and list items nested deeper than this are text. */
const MAX_DEPTH = 6;

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)(.*)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE = /^ {0,3}>[ \t]?/;
const LIST_MARKER = /^ {0,3}(?:([-+*])|(\d{1,9})([.)]))( +|$)/;
const TABLE_DELIMITER = /^:?-+:?$/;
/**
 * A link reference definition at the start of some lines: `[label]: target "title"`, the title on the same line or
 * the next, nothing after it on its line (else the definition stands without it, when the target ends its line).
 */
const DEFINITION = new RegExp(
  String.raw`^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*\n?[ \t]*(?=\S)(${LINK_TARGET})(?:(?:[ \t]+|[ \t]*\n[ \t]*)(${LINK_TITLE}))?[ \t]*(?:\n|$)`,
);
/** The most lines a definition is looked for in (a title may run over several). */
const DEFINITION_LINES = 20;

/** A list item's first line. */
interface ListItem {
  /** The bullet, or the number's delimiter: another one starts another list. */
  kind: string;
  start?: number;
  /** The column its content starts at: the lines after it that are indented as far belong to it. */
  width: number;
  content: string;
}

const isBlank = (line: string | undefined) => !line?.trim();

/**
 * The line less up to `columns` columns of indentation (a tab reaches the next multiple of four; what is
 * left of a tab it cuts becomes spaces), and how many columns that took.
 */
function outdentBy(line: string, columns: number): [string, number] {
  let column = 0;
  let at = 0;
  while (column < columns && (line[at] === ' ' || line[at] === '\t')) column += line[at++] === '\t' ? 4 - (column % 4) : 1;
  return [' '.repeat(Math.max(0, column - columns)) + line.slice(at), column];
}

/** How many columns the line's indentation takes. */
const indentation = (line: string) => outdentBy(line, Infinity)[1];

/** The line less `columns` columns of indentation. */
const outdent = (line: string, columns: number) => outdentBy(line, columns)[0];

/** A fence that opens a code block (a backtick fence's info string has no backticks: ```x``` is inline code). */
function openingFence(line: string): RegExpExecArray | null {
  const fence = FENCE.exec(line);
  return fence && !(fence[1]![0] === '`' && fence[2]!.includes('`')) ? fence : null;
}

function listItem(line: string): ListItem | null {
  const marker = LIST_MARKER.exec(line);
  if (!marker || RULE.test(line)) return null;
  const [whole, bullet, number, delimiter, spaces] = marker;
  const rest = line.slice(whole.length);
  // Content five or more columns after the marker is indented code: it starts one column after it.
  const width = rest && spaces!.length <= 4 ? whole.length : whole.length - spaces!.length + 1;
  return { kind: bullet ?? delimiter!, start: number === undefined ? undefined : Number(number), width, content: rest ? line.slice(width) : '' };
}

/** Whether the line starts a block that ends a paragraph (an ordered list only from 1, and not empty). */
function interrupts(line: string): boolean {
  const item = listItem(line);
  return !!(openingFence(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || (item?.content.trim() && (item.start ?? 1) === 1));
}

/** Whether `line` goes on the paragraph that `previous` ends although it lacks its container's prefix (a "lazy" line). */
function isLazy(line: string, previous: string | undefined): boolean {
  return !isBlank(line) && !isBlank(previous) && !interrupts(line);
}

/** The cells of a table row: split at pipes that are not escaped, the outer pipes optional. */
function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||(?<!\\)\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The alignments of a table whose header row is `header` and delimiter row `delimiter`, or null when they are none. */
function tableAlignments(header: string, delimiter: string | undefined): string[] | null {
  const cells = delimiter?.includes('|') && header.includes('|') ? tableCells(delimiter) : [];
  if (!cells.length || !cells.every((cell) => TABLE_DELIMITER.test(cell)) || cells.length !== tableCells(header).length) return null;
  return cells.map((cell) => (cell.endsWith(':') ? (cell.startsWith(':') ? 'center' : 'right') : cell.startsWith(':') ? 'left' : ''));
}

/**
 * How a reply is read: the link reference definitions found (a reply may cite `[1]` before its `[1]: https://…`
 * line), and whether this pass only looks for them (the first of two, when the reply may define any).
 */
export interface Pass {
  readonly references: References;
  readonly collect: boolean;
}

/** What a block that was only link reference definitions gives: nothing to show. */
const DEFINED = Symbol();

/** A fresh pass that renders, with no definitions. */
const RENDER: Pass = { references: new Map(), collect: false };

/** A paragraph's text, for the items of a tight list. */
function unwrapParagraph(child: ComponentChildren): ComponentChildren {
  const node = child as VNode<{ children?: ComponentChildren }> | null;
  return node?.type === 'p' ? node.props.children : child;
}

/** The blocks of some lines, and whether a blank line separates two of them (which makes a list loose). */
interface Blocks {
  children: ComponentChildren[];
  loose: boolean;
}

/** Reads lines as blocks; `depth` is how many containers they are in. */
export function parseBlocks(lines: string[], strings: CodeBlockStrings, depth = 0, pass: Pass = RENDER): Blocks {
  const children: ComponentChildren[] = [];
  /** Some lines' inline text (none while only definitions are looked for). */
  const inline = (text: string) => (pass.collect ? [] : renderInline(text, pass.references));
  /** A paragraph's lines as its inline text. */
  const inlineText = (paragraph: string[]) =>
    inline(
      paragraph
        .map((line) => line.trimStart())
        .join('\n')
        .trimEnd(),
    );
  /** A heading; every level is an h3 under the panel's h2, so the outline never skips a level. An empty one is left out. */
  const heading = (text: string[]): ComponentChildren => {
    const inner = inlineText(text);
    return inner.length ? h('h3', { dir: 'auto' }, inner) : null;
  };

  /**
   * The link reference definitions at `at`, where a paragraph would start: each is kept (the first of a label
   * wins) and takes its lines; true when there was one.
   */
  const definitions = (): boolean => {
    const from = at;
    for (;;) {
      let end = at;
      while (end < lines.length && end - at < DEFINITION_LINES && !isBlank(lines[end])) end++;
      const found = DEFINITION.exec(lines.slice(at, end).join('\n'));
      if (!found || !found[1]!.trim()) return at > from;
      const [whole, label, target = '', title = ''] = found;
      const key = normalizeLabel(label!);
      if (!pass.references.has(key)) {
        pass.references.set(key, {
          target: unescapeText(target.startsWith('<') ? target.slice(1, -1) : target),
          title: unescapeText(title.slice(1, -1)),
        });
      }
      at += whole.split('\n').length - (whole.endsWith('\n') ? 1 : 0);
    }
  };
  let loose = false;
  let blankBefore = false;
  let at = 0;

  /** A block quote: its lines without their `>`, and lazy lines. */
  const quote = (): ComponentChildren => {
    const quoted: string[] = [];
    for (; at < lines.length; at++) {
      const line = lines[at]!;
      const prefix = QUOTE.exec(line);
      if (prefix) quoted.push(line.slice(prefix[0].length));
      else if (isLazy(line, quoted.at(-1))) quoted.push(line);
      else break;
    }
    return h('blockquote', { dir: 'auto' }, parseBlocks(quoted, strings, depth + 1, pass).children);
  };

  /** A list: items of one kind, each with the lines indented under it (and lazy lines). */
  const list = (first: ListItem): ComponentChildren => {
    const items: ComponentChildren[][] = [];
    let looseList = false;
    let item: ListItem | null = first;
    while (item?.kind === first.kind) {
      const body = [item.content];
      for (at++; at < lines.length; at++) {
        const line = lines[at]!;
        // Blank lines and lines indented as far as its content belong to the item (which may start with one blank line, not two).
        const indented = isBlank(line) ? body.length > 1 || body[0] !== '' : indentation(line) >= item.width;
        if (indented) body.push(outdent(line, item.width));
        else if (!listItem(line) && isLazy(line, body.at(-1))) body.push(line);
        else break;
      }
      // (Blank lines at the end of the body change nothing in it.)
      const parsed = parseBlocks(body, strings, depth + 1, pass);
      items.push(parsed.children);
      looseList ||= parsed.loose;
      // Blank lines (in the item's body, or after an empty item) before the next item make the list loose.
      let next = at;
      while (next < lines.length && isBlank(lines[next])) next++;
      item = next < lines.length ? listItem(lines[next]!) : null;
      if (item?.kind === first.kind) {
        looseList ||= isBlank(lines[next - 1]);
        at = next;
      }
    }
    // Blank lines after the last item are not the list's.
    while (isBlank(lines[at - 1])) at--;
    return h(
      first.start === undefined ? 'ul' : 'ol',
      { dir: 'auto', start: first.start === 1 ? undefined : first.start },
      // In a tight list, an item's paragraphs are bare text.
      items.map((blocks) => h('li', { dir: 'auto' }, looseList ? blocks : blocks.map(unwrapParagraph))),
    );
  };

  /** A pipe table: header cells, aligned columns, and a scroller so a wide table never widens the bubble. */
  const table = (align: string[]): ComponentChildren => {
    const header = tableCells(lines[at]!);
    const rows: string[][] = [];
    for (at += 2; at < lines.length && !isBlank(lines[at]) && !interrupts(lines[at]!); at++) rows.push(tableCells(lines[at]!));
    // A row with fewer cells than the header is filled up; one with more keeps them (nothing is dropped).
    // The `align` attribute, as GitHub writes it: the stylesheet needs no rule per alignment.
    const row = (tag: string, cells: string[]) =>
      h(
        'tr',
        null,
        (cells.length > header.length ? cells : header).map((_, column) =>
          h(tag, { dir: 'auto', align: align[column] || undefined }, inline(cells[column] ?? '')),
        ),
      );
    return h(
      'div',
      // Focusable, so that keyboard users can scroll a table wider than the bubble.
      { class: 'table-scroll', tabIndex: 0 },
      h(
        'table',
        null,
        h('thead', null, row('th', header)),
        rows.length > 0 &&
          h(
            'tbody',
            null,
            rows.map((cells) => row('td', cells)),
          ),
      ),
    );
  };

  const block = (line: string): ComponentChildren | typeof DEFINED => {
    const fence = openingFence(line);
    const item = depth < MAX_DEPTH ? listItem(line) : null;
    const align = tableAlignments(line, lines[at + 1]);
    if (indentation(line) >= 4) {
      // Indented code: the indented lines and the blank lines between them.
      const start = at;
      while (at < lines.length && (isBlank(lines[at]) || indentation(lines[at]!) >= 4)) at++;
      while (isBlank(lines[at - 1])) at--;
      return h(CodeBlock, {
        code: lines
          .slice(start, at)
          .map((code) => outdent(code, 4))
          .join('\n'),
        strings,
      });
    }
    if (fence) {
      // Up to the closing fence (or the end), each line less as much indentation as the opening fence had.
      const [, marks, info] = fence;
      const code: string[] = [];
      for (at++; at < lines.length; at++) {
        // A closing fence is a run of the same character, as long or longer, with nothing after it.
        const closing = FENCE.exec(lines[at]!);
        if (closing?.[1]!.startsWith(marks!) && !closing[2]!.trim()) break;
        code.push(outdent(lines[at]!, indentation(line)));
      }
      at++;
      return h(CodeBlock, { code: code.join('\n'), info: unescapeText(info!.trim()), strings });
    }
    const title = HEADING.exec(line);
    if (title) {
      at++;
      // Without the closing run of `#`, which needs a space before it.
      return heading([title[1]!.replace(/(?:^|[ \t])#+[ \t]*$/, '')]);
    }
    if (RULE.test(line)) {
      at++;
      return h('hr', null);
    }
    if (depth < MAX_DEPTH && QUOTE.test(line)) return quote();
    if (item) return list(item);
    if (align) return table(align);
    // Definitions render nothing; what follows them on their lines' paragraph is read anew.
    if (definitions()) return DEFINED;
    // A paragraph: up to a blank line or a line that starts another block; an underline makes it a heading.
    const paragraph = [line];
    for (at++; at < lines.length && !isBlank(lines[at]); at++) {
      if (SETEXT_UNDERLINE.test(lines[at]!)) {
        at++;
        return heading(paragraph);
      }
      if (interrupts(lines[at]!) || tableAlignments(lines[at]!, lines[at + 1])) break;
      paragraph.push(lines[at]!);
    }
    return h('p', { dir: 'auto' }, inlineText(paragraph));
  };

  // Blocks read so far: definitions count, though they show nothing (a blank line before one makes a list loose).
  let read = 0;
  while (at < lines.length) {
    const line = lines[at]!;
    if (isBlank(line)) {
      blankBefore = read > 0;
      at++;
    } else {
      const child = block(line);
      read++;
      loose ||= blankBefore;
      blankBefore = false;
      if (child !== DEFINED) children.push(child);
    }
  }
  return { children, loose };
}
