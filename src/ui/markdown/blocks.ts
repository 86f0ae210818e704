/**
 * The block structure of markdown (CommonMark's two-phase parsing, first phase): line by line, the open
 * containers (block quotes, lists, list items) each try to continue, new blocks may start, and what is left
 * of the line goes to the open leaf (paragraph, code block, table) or starts a paragraph. GitHub's pipe
 * tables are recognised too. Raw HTML blocks and link reference definitions are not: they stay text.
 *
 * A line is looked at a bounded number of times per open container, and containers nest at most
 * `MAX_DEPTH` deep (a deeper `>` or list marker is text), so the work is linear in the text's length.
 */

import { unescapeText } from './entities';

/** The kinds of block. */
export type BlockType = 'document' | 'quote' | 'list' | 'item' | 'paragraph' | 'heading' | 'rule' | 'code' | 'table';

/** How a table column is aligned. */
export type Align = 'left' | 'center' | 'right' | undefined;

/** The marker of a list item, and the column its content starts at. */
export interface ListMarker {
  ordered: boolean;
  /** The bullet (`-`, `+`, `*`) or the number's delimiter (`.`, `)`): a different one starts a new list. */
  char: string;
  start: number;
  /** Columns before the marker, and from the marker to the content. */
  offset: number;
  padding: number;
}

/** One block of the parsed document. */
export interface Block {
  type: BlockType;
  parent: Block | null;
  children: Block[];
  open: boolean;
  /** The first and the last line that belong to it (a blank line between blocks makes a list loose). */
  start: number;
  end: number;
  /** How many containers it sits in. */
  depth: number;
  /** A paragraph's or heading's lines, a code block's lines, a table's rows (header first). */
  lines: string[];
  /** Lists and items. */
  marker?: ListMarker;
  tight?: boolean;
  /** Fenced code: the fence and its indentation; the info string (its first word is the language). */
  fence?: { char: string; length: number; indent: number };
  info?: string;
  /** Tables. */
  align?: Align[];
}

/** Containers nested deeper than this are text. */
const MAX_DEPTH = 10;
const CODE_INDENT = 4;

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** Which blocks a container may hold: a list only items; items only inside lists. */
function canContain(parent: BlockType, child: BlockType): boolean {
  if (parent === 'list') return child === 'item';
  return (parent === 'document' || parent === 'quote' || parent === 'item') && child !== 'item';
}

/** A thematic break: three or more of one of `*`, `-`, `_`, with only spaces and tabs between them. */
function isRule(line: string, at: number): boolean {
  const c = line[at];
  if (c !== '*' && c !== '-' && c !== '_') return false;
  let count = 0;
  for (let i = at; i < line.length; i++) {
    if (line[i] === c) count++;
    else if (!isBlank(line[i])) return false;
  }
  return count >= 3;
}

/** How many times `c` repeats from `at`. */
function runLength(line: string, at: number, c: string): number {
  let end = at;
  while (line[end] === c) end++;
  return end - at;
}

/** The cells of a table row: split at pipes that are not escaped, the outer pipes optional. */
export function tableCells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && text[i + 1] === '|') cell += text[++i];
    else if (text[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += text[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** The alignments of a table's delimiter row (`| :-- | :-: | --: |`), or null when the line is not one. */
function delimiterRow(line: string): Align[] | null {
  if (!line.includes('|')) return null;
  const align: Align[] = [];
  for (const cell of tableCells(line)) {
    if (!/^:?-+:?$/.test(cell)) return null;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : undefined);
  }
  return align;
}

/** Parses markdown into its block structure. */
export function parseBlocks(text: string): Block {
  const document = newBlock('document', null, 0);
  let tip = document;
  let oldTip = document;
  let lastMatched = document;
  let allClosed = true;
  let lineNumber = 0;

  // Where the current line is being read: a character offset and a column (tabs stop every 4 columns).
  let line = '';
  let offset = 0;
  let column = 0;
  let partialTab = false;
  let nextNonspace = 0;
  let nextNonspaceColumn = 0;
  let indent = 0;
  let blank = false;

  function newBlock(type: BlockType, parent: Block | null, start: number): Block {
    const depth = parent ? parent.depth + (parent.type === 'document' ? 0 : 1) : 0;
    return { type, parent, children: [], open: true, start, end: start, depth, lines: [] };
  }

  function findNextNonspace() {
    let i = offset;
    let cols = column;
    for (;;) {
      if (line[i] === ' ') cols++;
      else if (line[i] === '\t') cols += 4 - (cols % 4);
      else break;
      i++;
    }
    blank = i >= line.length;
    nextNonspace = i;
    nextNonspaceColumn = cols;
    indent = cols - column;
  }

  function advanceNextNonspace() {
    offset = nextNonspace;
    column = nextNonspaceColumn;
    partialTab = false;
  }

  /** Moves `count` characters on, or `count` columns when `columns` (a tab may then be partly used). */
  function advance(count: number, columns = false) {
    while (count > 0 && offset < line.length) {
      if (line[offset] === '\t') {
        const toTab = 4 - (column % 4);
        if (columns) {
          partialTab = toTab > count;
          const step = Math.min(toTab, count);
          column += step;
          offset += partialTab ? 0 : 1;
          count -= step;
        } else {
          partialTab = false;
          column += toTab;
          offset++;
          count--;
        }
      } else {
        partialTab = false;
        offset++;
        column++;
        count--;
      }
    }
  }

  /** The rest of the line from the current offset, with what is left of a partly used tab as spaces. */
  function rest(): string {
    const spaces = partialTab ? ' '.repeat(4 - (column % 4)) : '';
    return spaces + line.slice(partialTab ? offset + 1 : offset);
  }

  function finalize(block: Block) {
    block.open = false;
    tip = block.parent!;
    if (block.type === 'code' && !block.fence) {
      while (block.lines.length && !block.lines[block.lines.length - 1]!.trim()) block.lines.pop();
    }
    if (block.type === 'list') {
      // Loose when a blank line separates two items, or two blocks directly inside an item.
      const gap = (blocks: Block[]) => blocks.some((b, i) => i > 0 && b.start > blocks[i - 1]!.end + 1);
      block.tight = !gap(block.children) && !block.children.some((item) => gap(item.children));
    }
  }

  function closeUnmatched() {
    if (allClosed) return;
    while (oldTip !== lastMatched) {
      const parent = oldTip.parent!;
      finalize(oldTip);
      oldTip = parent;
    }
    allClosed = true;
  }

  function addChild(type: BlockType): Block {
    while (!canContain(tip.type, type)) finalize(tip);
    const block = newBlock(type, tip, lineNumber);
    tip.children.push(block);
    tip = block;
    return block;
  }

  /** Whether the open `container` goes on on this line: 0 yes, 1 no, 2 the line was its end (a closing fence). */
  function continues(container: Block): 0 | 1 | 2 {
    switch (container.type) {
      case 'quote':
        if (indent >= CODE_INDENT || line[nextNonspace] !== '>') return 1;
        advanceNextNonspace();
        advance(1);
        if (isBlank(line[offset])) advance(1, true);
        return 0;
      case 'item': {
        const { offset: markerOffset, padding } = container.marker!;
        if (blank) {
          // An item that is still empty ends at a blank line.
          if (!container.children.length) return 1;
          advanceNextNonspace();
        } else if (indent >= markerOffset + padding) advance(markerOffset + padding, true);
        else return 1;
        return 0;
      }
      case 'code': {
        const fence = container.fence;
        if (!fence) {
          if (indent >= CODE_INDENT) advance(CODE_INDENT, true);
          else if (blank) advanceNextNonspace();
          else return 1;
          return 0;
        }
        const length = indent < CODE_INDENT ? runLength(line, nextNonspace, fence.char) : 0;
        if (length >= fence.length && !line.slice(nextNonspace + length).trim()) {
          markEnd(container);
          finalize(container);
          return 2;
        }
        for (let i = fence.indent; i > 0 && isBlank(line[offset]); i--) advance(1, true);
        return 0;
      }
      case 'paragraph':
      case 'table':
        return blank ? 1 : 0;
      case 'heading':
      case 'rule':
        return 1;
      default:
        return 0;
    }
  }

  /** A list item's marker at the next non-space, with what follows it, or null. */
  function listMarker(container: Block): ListMarker | null {
    if (indent >= CODE_INDENT || container.depth >= MAX_DEPTH) return null;
    const c = line[nextNonspace]!;
    let marker: ListMarker;
    let length = 1;
    if (c === '-' || c === '+' || c === '*') {
      marker = { ordered: false, char: c, start: 1, offset: indent, padding: 0 };
    } else {
      const digits = digitsAt(nextNonspace);
      const delimiter = line[nextNonspace + digits];
      if (!digits || digits > 9 || (delimiter !== '.' && delimiter !== ')')) return null;
      const start = Number(line.slice(nextNonspace, nextNonspace + digits));
      // Only a list that starts at 1 may interrupt a paragraph ("in 2024. we…" is no list).
      if (container.type === 'paragraph' && start !== 1) return null;
      marker = { ordered: true, char: delimiter, start, offset: indent, padding: 0 };
      length = digits + 1;
    }
    const after = line[nextNonspace + length];
    if (after !== undefined && !isBlank(after)) return null;
    // An empty item does not interrupt a paragraph.
    if (container.type === 'paragraph' && !line.slice(nextNonspace + length).trim()) return null;
    advanceNextNonspace();
    advance(length, true);
    const spacesColumn = column;
    const spacesOffset = offset;
    do advance(1, true);
    while (column - spacesColumn < 5 && isBlank(line[offset]));
    const spaces = column - spacesColumn;
    if (spaces >= 5 || spaces < 1 || offset >= line.length) {
      // Content indented five or more is indented code inside the item; an empty item has width + 1.
      marker.padding = length + 1;
      column = spacesColumn;
      offset = spacesOffset;
      if (isBlank(line[offset])) advance(1, true);
    } else marker.padding = length + spaces;
    return marker;
  }

  function digitsAt(at: number): number {
    let end = at;
    while (line[end]! >= '0' && line[end]! <= '9') end++;
    return end - at;
  }

  /**
   * Tries the starts of new blocks at the current position: 0 none, 1 a container, 2 a leaf, 3 a leaf that
   * took the whole line (a heading, a rule, a fence, a setext underline, a table's delimiter row).
   */
  function startsBlock(container: Block): 0 | 1 | 2 | 3 {
    const c = line[nextNonspace];
    if (indent < CODE_INDENT) {
      if (c === '>' && container.depth < MAX_DEPTH) {
        advanceNextNonspace();
        advance(1);
        if (isBlank(line[offset])) advance(1, true);
        closeUnmatched();
        addChild('quote');
        return 1;
      }
      if (c === '#') {
        const level = runLength(line, nextNonspace, '#');
        const after = line[nextNonspace + level];
        if (level <= 6 && (after === undefined || isBlank(after))) {
          closeUnmatched();
          addChild('heading').lines.push(headingText(line.slice(nextNonspace + level)));
          return 3;
        }
      }
      if (c === '`' || c === '~') {
        const length = runLength(line, nextNonspace, c);
        const info = line.slice(nextNonspace + length);
        // A backtick fence's info string has no backticks: ```npm i x``` is inline code.
        if (length >= 3 && !(c === '`' && info.includes('`'))) {
          closeUnmatched();
          const code = addChild('code');
          code.fence = { char: c, length, indent };
          code.info = unescapeText(info.trim());
          return 3;
        }
      }
      if (container.type === 'paragraph') {
        const align = delimiterRow(line.slice(nextNonspace));
        const header = container.lines[container.lines.length - 1]!;
        if (align && header.includes('|') && tableCells(header).length === align.length) {
          closeUnmatched();
          container.lines.pop();
          const table = newBlock('table', container.parent, lineNumber - 1);
          table.align = align;
          table.lines.push(header);
          if (container.lines.length) finalize(container);
          else container.parent!.children.pop();
          container.parent!.children.push(table);
          tip = table;
          return 3;
        }
        if ((c === '=' || c === '-') && !line.slice(nextNonspace + runLength(line, nextNonspace, c)).trim()) {
          // A setext underline turns the paragraph above it into a heading.
          closeUnmatched();
          container.type = 'heading';
          container.lines = [container.lines.join('\n')];
          return 3;
        }
      }
      if (isRule(line, nextNonspace)) {
        closeUnmatched();
        addChild('rule');
        return 3;
      }
    }
    const marker = c === undefined ? null : listMarker(container);
    if (marker) {
      closeUnmatched();
      const current = tip.marker;
      if (tip.type !== 'list' || current!.ordered !== marker.ordered || current!.char !== marker.char) {
        addChild('list').marker = marker;
      }
      addChild('item').marker = marker;
      return 1;
    }
    if (indent >= CODE_INDENT && tip.type !== 'paragraph' && !blank) {
      advance(CODE_INDENT, true);
      closeUnmatched();
      addChild('code');
      return 2;
    }
    return 0;
  }

  function addLine(lineText: string) {
    lineNumber++;
    line = lineText.includes('\0') ? lineText.replace(/\0/g, '\ufffd') : lineText;
    offset = 0;
    column = 0;
    partialTab = false;
    blank = false;
    oldTip = tip;

    // Each open container, from the outside in, takes its share of the line's start.
    let container = document;
    for (let child = container.children[container.children.length - 1]; child?.open; child = container.children[container.children.length - 1]) {
      container = child;
      findNextNonspace();
      const result = continues(container);
      if (result === 2) return;
      if (result === 1) {
        container = container.parent!;
        break;
      }
    }
    allClosed = container === oldTip;
    lastMatched = container;

    // New blocks, unless the line belongs to an open code block.
    let started: 0 | 1 | 2 | 3 = container.type === 'code' ? 2 : 1;
    while (started === 1) {
      findNextNonspace();
      started = startsBlock(container);
      if (started) container = tip;
      else advanceNextNonspace();
    }
    if (started === 3) {
      markEnd(container);
      return;
    }

    if (!allClosed && !blank && tip.type === 'paragraph') {
      // A lazy continuation: a paragraph inside a quote or item goes on without the `>` or indentation.
      tip.lines.push(rest());
      markEnd(tip);
      return;
    }
    closeUnmatched();
    if (container.type === 'code' || container.type === 'paragraph') {
      container.lines.push(rest());
    } else if (container.type === 'table') {
      if (!blank) container.lines.push(rest());
    } else if (!blank && offset < line.length && container.type !== 'heading' && container.type !== 'rule') {
      addChild('paragraph').lines.push(rest());
    }
    markEnd(tip);
  }

  /** The line is part of `block` and of every container around it. */
  function markEnd(block: Block) {
    // A blank line is part of a code block; a line of a quote is never blank: it has its `>`.
    if (blank && block.type !== 'code' && block.type !== 'quote') return;
    for (let b: Block | null = block; b; b = b.parent) b.end = lineNumber;
  }

  // The line break that ends the last line starts no line of its own.
  const lines = text.split(/\r\n?|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (const lineText of lines) addLine(lineText);
  while (tip !== document) finalize(tip);
  finalize(document);
  return document;
}

/** A heading's text without the closing run of `#` (which needs a space before it). */
function headingText(text: string): string {
  let end = text.length;
  while (isBlank(text[end - 1])) end--;
  let hashes = end;
  while (text[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || isBlank(text[hashes - 1]))) end = hashes;
  return text.slice(0, end).trim();
}
