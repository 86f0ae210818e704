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

const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
/** The characters that may start something inline. */
const STARTS = '\\\n`*_[!h';
/** `[label](target)` or `![alt](src)`; the target may hold one level of parentheses. */
const LINK = /!?\[([^[\]]*)\]\(([^()]*(?:\([^()]*\)[^()]*)*)\)/y;
const AUTOLINK = /https?:\/\/[^\s<>"`]*/y;
/** Where a code span of `n` backticks, or emphasis of `n` times `c`, ends: a run of exactly that many. */
const closerOf = (c: string, n: number) =>
  c === '`'
    ? `(?<!\`)\`{${n}}(?!\`)`
    : c === '*'
      ? `(?<=[^\\s*])\\*{${n}}(?!\\*)`
      : // `_` closes only before a non-word character, so snake_case stays text.
        `(?<=[^\\s_])_{${n}}(?![_\\p{L}\\p{N}])`;

/** Inline markdown of one paragraph (or item, heading, label) to children, in one pass from left to right. */
function inline(s: string, depth: number, inLink: boolean): ComponentChild[] {
  const out: ComponentChild[] = [];
  // The last search per kind of closer: searches start ever further right, so an answer (or a miss)
  // stays valid for every later search, and each kind is scanned once.
  const found: Record<string, number> = {};
  let text = '';
  const add = (node: ComponentChild) => {
    if (text) out.push(text);
    text = '';
    out.push(node);
  };
  const nested = (t: string, link = inLink) => (depth < MAX_DEPTH ? inline(t, depth + 1, link) : t);
  const closer = (c: string, n: number, from: number) => {
    const key = c + n;
    let at = found[key];
    if (at === undefined || (at !== -1 && at < from)) {
      const re = new RegExp(closerOf(c, n), 'gu');
      re.lastIndex = from;
      at = found[key] = re.exec(s)?.index ?? -1;
    }
    return at;
  };

  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    let m: RegExpExecArray | null = null;
    if (c === '\\' && PUNCTUATION.includes(s[i + 1]!)) {
      text += s[i + 1];
      i += 2;
    } else if (c === '\n') {
      add(el('br', null));
      i++;
    } else if (c === '`' || c === '*' || c === '_') {
      let run = 1;
      while (s[i + run] === c) run++;
      // Emphasis opens before a non-space (`_` not inside a word); a run of more than three is text.
      const opens = c === '`' || (run < 4 && !/\s/.test(s[i + run] ?? ' ') && (c === '*' || !isWord(s[i - 1])));
      const close = opens ? closer(c, run, i + run) : -1;
      if (close === -1) {
        text += s.slice(i, i + run);
      } else {
        const inner = s.slice(i + run, close);
        add(c === '`' ? el('code', null, inner) : emphasis(run, nested(inner)));
      }
      i = close === -1 ? i + run : close + run;
    } else if ((c === '[' || c === '!') && ((LINK.lastIndex = i), (m = LINK.exec(s)))) {
      const label = m[1]!;
      // A quoted title after the target is dropped; `<target>` loses its brackets.
      const target = m[2]!.replace(/\s["'(].*$/s, '').trim().replace(/^<(.*)>$/s, '$1');
      const href = inLink || /\s/.test(target) ? null : safeHref(target);
      // An image becomes a link to it: nothing is fetched.
      add(href ? link(href, label ? nested(label, true) : href) : nested(label));
      i = LINK.lastIndex;
    } else if (c === 'h' && !inLink && !isWord(s[i - 1]) && ((AUTOLINK.lastIndex = i), (m = AUTOLINK.exec(s)))) {
      let end = AUTOLINK.lastIndex;
      while ('.,:;!?\'")]}*_'.includes(s[end - 1]!)) end--;
      const url = s.slice(i, end);
      const href = safeHref(url);
      add(href ? link(href, url) : url);
      i = end;
    } else {
      // Plain text up to the next character that may start something.
      let next = i + 1;
      while (next < s.length && !STARTS.includes(s[next]!)) next++;
      text += s.slice(i, next);
      i = next;
    }
  }
  if (text) out.push(text);
  return out;
}

/** `*x*`, `**x**` or `***x***`. */
function emphasis(run: number, inner: ComponentChild): VNode {
  return run === 1 ? el('em', null, inner) : el('strong', null, run === 2 ? inner : el('em', null, inner));
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

/**
 * The list that starts at `lines[i]`: its items, each with its continuation lines and, indented deeper,
 * its own lists. Ends at a line that belongs to none of them, or at an item of the other kind.
 * Returns the list and the index of the line after it.
 */
function list(lines: string[], i: number, depth: number): [VNode, number] {
  const [, lead, marker] = LIST_ITEM.exec(lines[i]!)!;
  const indent = indentOf(lead!);
  const ordered = /\d/.test(marker!);
  const items: VNode[] = [];
  for (let m; (m = LIST_ITEM.exec(lines[i] ?? '')) && indentOf(m[1]!) >= indent && /\d/.test(m[2]!) === ordered; ) {
    const text = [m[3]!];
    const children: VNode[] = [];
    for (i++; i < lines.length; ) {
      const line = lines[i]!;
      const item = LIST_ITEM.exec(line);
      const next = lines[i + 1];
      if (item) {
        if (indentOf(item[1]!) < indent + 2 || depth >= MAX_DEPTH) break;
        const [child, after] = list(lines, i, depth + 1);
        children.push(child);
        i = after;
      } else if (!line.trim()) {
        // A blank line ends the list unless an item or an indented line follows.
        if (next === undefined || !(LIST_ITEM.test(next) || indentOf(next) >= 2)) break;
        i++;
      } else if (indentOf(line) >= 2 || (lines[i - 1]!.trim() && !startsBlock(line))) {
        text.push(line.trim());
        i++;
      } else break;
    }
    items.push(el('li', null, inline(text.join('\n'), 0, false), children));
  }
  const start = Number.parseInt(marker!, 10);
  return [ordered ? el('ol', start === 1 ? null : { start }, items) : el('ul', null, items), i];
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
      const [node, next] = list(lines, i, 1);
      blocks.push(node);
      i = next;
    } else {
      const paragraph = [line.trim()];
      for (i++; i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!); i++) paragraph.push(lines[i]!.trim());
      blocks.push(el('p', null, inline(paragraph.join('\n'), 0, false)));
    }
  }
  return blocks;
}
