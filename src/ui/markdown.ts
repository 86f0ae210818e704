/**
 * A safe markdown subset rendered straight to VNodes (never to HTML strings): paragraphs, line breaks,
 * **bold**, *italic*, `code`, fenced code blocks, ordered/unordered (nested) lists, headings, rules and links.
 * Raw HTML stays text. Links only for http(s), mailto and tel; images are never fetched (they become links).
 * Every scan moves forward and remembers failed searches, so hostile input stays linear in its length
 * (times a small nesting limit); no regular expression here can backtrack catastrophically.
 */
import { h, type ComponentChild, type VNode } from 'preact';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const MAX_DEPTH = 6;

/**
 * The href to use for a link target, or null when it must stay text. Browsers drop tabs, newlines and
 * surrounding control characters from URLs (`java\tscript:`), so those go before the check; entities are
 * not decoded (`&#106;avascript:` is no URL at all). Relative URLs are refused: there is no base to trust.
 */
export function safeHref(raw: string): string | null {
  const cleaned = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** An element VNode (typed loosely: the props differ per tag). */
function el(tag: string, props: Record<string, string | number> | null, ...children: ComponentChild[]): VNode {
  return h(tag, props, ...children) as VNode;
}

function link(href: string, children: ComponentChild): VNode {
  return el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, children);
}

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n';
const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** Pairs of brackets (or parens) by position, in one pass; -1 where unmatched. */
function pairs(s: string, open: string, close: string): Int32Array {
  const match = new Int32Array(s.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === open) stack.push(i);
    else if (c === close && stack.length) match[stack.pop()!] = i;
  }
  return match;
}

/** Inline markdown of one paragraph (or item, heading, label) to children. */
function inline(s: string, depth: number, inLink: boolean): ComponentChild[] {
  const out: ComponentChild[] = [];
  const n = s.length;
  const brackets = pairs(s, '[', ']');
  const parens = pairs(s, '(', ')');
  // Last search result per kind of closer: searches start ever further right, so a result (or a miss)
  // stays valid for every later search that starts before it.
  const found = new Map<string, number>();
  let buf = '';
  const flush = () => {
    if (buf) out.push(buf);
    buf = '';
  };
  const runLength = (at: number, c: string) => {
    let end = at;
    while (s[end] === c) end++;
    return end - at;
  };
  const find = (key: string, from: number, test: (at: number) => number) => {
    const last = found.get(key);
    if (last !== undefined && (last === -1 || last >= from)) return last;
    let at = s.indexOf(key[0]!, from);
    while (at !== -1) {
      const step = test(at);
      if (step === 0) break;
      at = s.indexOf(key[0]!, at + step);
    }
    found.set(key, at);
    return at;
  };
  const nested = (text: string) => (depth < MAX_DEPTH ? inline(text, depth + 1, inLink) : [text]);

  let i = 0;
  while (i < n) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < n && PUNCTUATION.includes(s[i + 1]!)) {
      buf += s[i + 1];
      i += 2;
    } else if (c === '\n') {
      flush();
      out.push(el('br', null));
      i++;
    } else if (c === '`') {
      const k = runLength(i, '`');
      const close = find('`' + k, i + k, (at) => {
        const r = runLength(at, '`');
        return r === k ? 0 : r;
      });
      if (close === -1) {
        buf += s.slice(i, i + k);
      } else {
        let code = s.slice(i + k, close);
        if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim()) code = code.slice(1, -1);
        flush();
        out.push(el('code', null, code));
      }
      i = close === -1 ? i + k : close + k;
    } else if (c === '*' || c === '_') {
      const r = runLength(i, c);
      const size = r >= 3 ? 3 : r;
      const canOpen = !isSpace(s[i + r]) && (c === '*' || !isWord(s[i - 1]));
      const close = canOpen
        ? find(c + size, i + r, (at) => {
            const run = runLength(at, c);
            const fits = size === 1 ? run === 1 : run >= size;
            const flanks = !isSpace(s[at - 1]) && (c === '*' || !isWord(s[at + run]));
            return fits && flanks ? 0 : run;
          })
        : -1;
      if (close > i + r) {
        flush();
        const inner = nested(s.slice(i + size, close));
        out.push(
          size === 1 ? el('em', null, inner) : size === 2 ? el('strong', null, inner) : el('strong', null, el('em', null, inner)),
        );
        i = close + size;
      } else {
        buf += s.slice(i, i + r);
        i += r;
      }
    } else if (c === '[' && brackets[i]! > i && s[brackets[i]! + 1] === '(' && parens[brackets[i]! + 1]! > 0) {
      const end = brackets[i]!;
      const close = parens[end + 1]!;
      const label = s.slice(i + 1, end);
      const image = s[i - 1] === '!' && buf.endsWith('!');
      if (image) buf = buf.slice(0, -1);
      let target = s.slice(end + 2, close).trim();
      const space = target.search(/\s/);
      // A destination may be followed by a quoted title, which is dropped.
      if (space !== -1 && /^\s*(["'(]).*["')]$/s.test(target.slice(space))) target = target.slice(0, space);
      if (target[0] === '<' && target[target.length - 1] === '>') target = target.slice(1, -1);
      const href = inLink || /\s/.test(target) ? null : safeHref(target);
      flush();
      if (image) out.push(href ? link(href, label || href) : label);
      else if (href) out.push(link(href, depth < MAX_DEPTH ? inline(label, depth + 1, true) : label));
      else out.push(...nested(label));
      i = close + 1;
    } else if (c === 'h' && !inLink && !isWord(s[i - 1]) && /^https?:\/\//.test(s.slice(i, i + 8))) {
      let end = i;
      while (end < n && !isSpace(s[end]) && !'<>"`'.includes(s[end]!)) end++;
      while (end > i && '.,:;!?\'")]}*_'.includes(s[end - 1]!)) end--;
      const url = s.slice(i, end);
      const href = safeHref(url);
      flush();
      out.push(href ? link(href, url) : url);
      i = end;
    } else {
      // Copy plain text up to the next character that may start something.
      let next = i + 1;
      while (next < n && !'\\\n`*_[h'.includes(s[next]!)) next++;
      buf += s.slice(i, next);
      i = next;
    }
  }
  flush();
  return out;
}

const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/** The opening fence of a code block (its marker), or null. */
function fenceOf(line: string): string | null {
  const fence = FENCE.exec(line);
  // A backtick fence's info string has no backticks (else the line is inline code).
  if (!fence || (fence[1]![0] === '`' && line.indexOf('`', fence[0].length) !== -1)) return null;
  return fence[1]!;
}

/** The width of a line's indentation (a tab counts four). */
function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
}

const isRule = (line: string) => /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(line);

/** A heading's text without its optional closing `#`s. */
function headingText(rest: string): string {
  return rest.trim().replace(/(^|[ \t])#+$/, '').trim();
}

/** Whether a line ends a paragraph: a list that may interrupt one (bullets, or starting at 1), a fence, a heading or a rule. */
function startsBlock(line: string): boolean {
  return /^[ \t]*(?:[-*+]|1[.)])[ \t]+\S/.test(line) || fenceOf(line) !== null || HEADING.test(line) || isRule(line);
}

interface ListNode {
  indent: number;
  ordered: boolean;
  start: number;
  items: { lines: string[]; children: ListNode[] }[];
}

function renderList(list: ListNode, depth: number): VNode {
  const items = list.items.map((item) =>
    el('li', null, inline(item.lines.join('\n'), depth, false), item.children.map((child) => renderList(child, depth))),
  );
  return list.ordered ? el('ol', list.start === 1 ? null : { start: list.start }, items) : el('ul', null, items);
}

/** Parses the list starting at `lines[from]`; returns the list and the index after it. */
function parseList(lines: string[], from: number): [ListNode, number] {
  const newList = (m: RegExpExecArray): ListNode => ({
    indent: indentOf(m[1]!),
    ordered: /\d/.test(m[2]!),
    start: Number.parseInt(m[2]!, 10) || 1,
    items: [],
  });
  const first = LIST_ITEM.exec(lines[from]!)!;
  const root = newList(first);
  const stack: ListNode[] = [root];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const top = stack[stack.length - 1]!;
    const m = LIST_ITEM.exec(line);
    if (m) {
      const indent = indentOf(m[1]!);
      while (stack.length > 1 && indent < stack[stack.length - 1]!.indent) stack.pop();
      let list = stack[stack.length - 1]!;
      const lastItem = list.items[list.items.length - 1];
      if (indent >= list.indent + 2 && lastItem && stack.length < MAX_DEPTH) {
        list = newList(m);
        lastItem.children.push(list);
        stack.push(list);
      } else if (list === root && list.items.length && root.ordered !== /\d/.test(m[2]!)) {
        break;
      }
      list.items.push({ lines: [m[3]!], children: [] });
    } else if (line.trim() === '') {
      const next = lines[i + 1];
      if (next === undefined || !(LIST_ITEM.test(next) || indentOf(next) >= 2)) break;
    } else if (indentOf(line) >= 2 || (lines[i - 1]!.trim() !== '' && !startsBlock(line))) {
      const deepest = top.items[top.items.length - 1]!;
      deepest.lines.push(line.trim());
    } else {
      break;
    }
  }
  return [root, i];
}

/** Renders markdown text as VNodes; text is never interpreted as HTML. */
export function renderMarkdown(text: string): VNode[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: VNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = fenceOf(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (fence) {
      const mark = fence;
      const body: string[] = [];
      for (i++; i < lines.length; i++) {
        const closing = lines[i]!.trim();
        if (closing.length >= mark.length && closing.split(mark[0]!).join('') === '' && indentOf(lines[i]!) < 4) break;
        body.push(lines[i]!);
      }
      i++;
      blocks.push(el('pre', null, el('code', null, body.join('\n'))));
    } else if (heading) {
      const content = headingText(line.slice(heading[0].length));
      // Every level is an h3 under the panel's h2, so the outline never skips a level.
      if (content) blocks.push(el('h3', null, inline(content, 0, false)));
      i++;
    } else if (isRule(line)) {
      blocks.push(el('hr', null));
      i++;
    } else if (LIST_ITEM.test(line)) {
      const [list, next] = parseList(lines, i);
      blocks.push(renderList(list, 0));
      i = next;
    } else {
      const paragraph = [line.trim()];
      for (i++; i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!); i++) paragraph.push(lines[i]!.trim());
      blocks.push(el('p', null, inline(paragraph.join('\n'), 0, false)));
    }
  }
  return blocks;
}
