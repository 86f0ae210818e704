/**
 * A safe markdown subset rendered straight to VNodes (never to HTML strings): paragraphs, line breaks,
 * **bold**, *italic*, `code`, fenced code blocks, ordered/unordered (nested) lists, headings, rules and links.
 * Raw HTML stays text. Links only for http(s), mailto and tel; images are never fetched (they become links).
 * Every scan moves forward and remembers failed searches, so hostile input stays linear in its length
 * (times a small nesting limit); no regular expression here can backtrack catastrophically.
 */
import { h, type ComponentChildren } from 'preact';

const MAX_DEPTH = 6;

/**
 * The href for a link target, or null when it must stay text: only absolute http(s), mailto and tel URLs.
 * The URL parser drops tabs, newlines and surrounding control characters as browsers do (`java\tscript:`
 * is javascript:), and entities are not decoded (`&#106;avascript:` is no URL at all).
 */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return /^(https?|mailto|tel):$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Runs `re` (global or sticky) on `s` from `from`. */
function execFrom(re: RegExp, s: string, from: number): RegExpExecArray | null {
  re.lastIndex = from;
  return re.exec(s);
}

function link(href: string, children: ComponentChildren) {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, children);
}

/** The characters that may start something inline. */
const STARTS = /[\\\n`*_[!h]/g;
/** `[label](target)` or `![alt](src)`; the target may hold one level of parentheses. */
const LINK = /!?\[([^[\]]*)\]\(([^()]*(?:\([^()]*\)[^()]*)*)\)/y;
/** A bare http(s) URL that starts a word, without trailing punctuation. */
const AUTOLINK = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"`]*[^\s<>"`.,:;!?'")\]}*_]/uy;
/**
 * Besides the marker itself, what may not come right before and right after a closing run of it: emphasis
 * closes after a non-space, and `_` only before a non-word character, so snake_case stays text.
 */
const CLOSER: Record<string, [string, string]> = {
  '`': ['', ''],
  '*': ['\\s', ''],
  _: ['\\s', '\\p{L}\\p{N}'],
};

/** Closing-run searches by marker and run length, compiled once (a Unicode regex is slow to build). */
const closers = new Map<string, RegExp>();
function closerOf(c: string, n: number): RegExp {
  let re = closers.get(c + n);
  if (!re) {
    const [before, after] = CLOSER[c]!;
    re = new RegExp(`(?<![${c}${before}])[${c}]{${n}}(?![${c}${after}])`, 'gu');
    // Runs longer than three are rare (and could be of any length): those are not kept.
    if (n < 4) closers.set(c + n, re);
  }
  return re;
}

/** `*x*`, `**x**` or `***x***` (and longer runs). */
function emphasis(run: number, inner: ComponentChildren) {
  return h(run > 1 ? 'strong' : 'em', null, run > 2 ? h('em', null, inner) : inner);
}

/** Inline markdown of one paragraph (or item, heading, label) to children, in one pass from left to right. */
function inline(s: string, depth: number, inLink: boolean): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  // Text runs are gathered into one string: one text node each, however many pieces.
  let text = '';
  const add = (node: ComponentChildren) => {
    if (text) out.push(text);
    out.push(node);
    text = '';
  };
  // The last search per kind of closer: searches start ever further right, so an answer (or a miss,
  // Infinity) stays valid for every later search, and each kind is scanned once.
  const found: Record<string, number> = {};
  const closer = (c: string, n: number, from: number) => {
    const key = c + n;
    if ((found[key] ?? -1) < from) {
      found[key] = execFrom(closerOf(c, n), s, from)?.index ?? Infinity;
    }
    return found[key]!;
  };
  const nested = (t: string, link: boolean) => (depth < MAX_DEPTH ? inline(t, depth + 1, link) : t);

  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    let m: RegExpExecArray | null;
    // A backslash keeps the punctuation or symbol after it as text.
    if (c === '\\' && /[^\p{L}\p{N}\s]/u.test(s.charAt(i + 1))) {
      text += s[i + 1];
      i += 2;
    } else if (c === '\n') {
      add(h('br', null));
      i++;
    } else if ('`*_'.includes(c)) {
      let run = 1;
      while (s[i + run] === c) run++;
      // Emphasis opens before a non-space, and `_` not inside a word.
      const opens = c === '`' || (/\S/.test(s.charAt(i + run)) && (c === '*' || !/[\p{L}\p{N}]/u.test(s.charAt(i - 1))));
      const close = opens ? closer(c, run, i + run) : Infinity;
      if (close < Infinity) {
        const inner = s.slice(i + run, close);
        add(c === '`' ? h('code', null, inner) : emphasis(run, nested(inner, inLink)));
        i = close + run;
      } else {
        text += s.slice(i, i + run);
        i += run;
      }
    } else if ((m = execFrom(LINK, s, i))) {
      const label = m[1]!;
      // A quoted title after the target is dropped.
      const target = m[2]!.replace(/\s+["'(].*$/s, '').trim();
      const href = /\s/.test(target) ? null : safeHref(target);
      // An image becomes a link to it: nothing is fetched.
      add(href ? link(href, label ? nested(label, true) : href) : nested(label, inLink));
      i += m[0].length;
    } else if (!inLink && (m = execFrom(AUTOLINK, s, i))) {
      const href = safeHref(m[0]);
      add(href ? link(href, m[0]) : m[0]);
      i += m[0].length;
    } else {
      // Plain text up to the next character that may start something.
      const next = execFrom(STARTS, s, i + 1)?.index ?? s.length;
      text += s.slice(i, next);
      i = next;
    }
  }
  if (text) out.push(text);
  return out;
}

const LIST_ITEM = /^([ \t]*)(?:[-*+]|(\d{1,9})[.)])[ \t]+(.*)$/;
/**
 * A fence (1: its marker; a backtick fence's info string has no backticks, else the line is inline code),
 * a heading (2: its text) or a rule (3).
 */
const BLOCK = /^ {0,3}(?:(`{3,}(?![^`]*`)|~{3,})|#{1,6}(?:[ \t]+(.*)|$)|([-*_])(?:[ \t]*\3){2,}[ \t]*$)/;

/** Whether a line ends a paragraph: a list item, a fence, a heading or a rule. */
function startsBlock(line: string): boolean {
  return BLOCK.test(line) || LIST_ITEM.test(line);
}

/**
 * Block markdown to children. Inside a list item (`depth` > 0) paragraphs stay bare, so a tight item
 * holds its text and its nested lists directly.
 */
function blocks(lines: string[], depth: number): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const [block, fence, heading, rule] = BLOCK.exec(line) ?? [];
    let item = depth < MAX_DEPTH ? LIST_ITEM.exec(line) : null;
    if (!line.trim()) continue;
    if (fence) {
      // Closed by a run of the same character at least as long, alone on its line (or by the end).
      const end = new RegExp(`^ {0,3}${fence}+[ \\t]*$`);
      const code: string[] = [];
      while (++i < lines.length && !end.test(lines[i]!)) code.push(lines[i]!);
      out.push(h('pre', null, h('code', null, code.join('\n'))));
    } else if (rule) {
      out.push(h('hr', null));
    } else if (block) {
      const content = (heading ?? '').replace(/(^|[ \t])#+[ \t]*$/, '').trim();
      // Every level is an h3 under the panel's h2, so the outline never skips a level.
      if (content) out.push(h('h3', null, inline(content, 0, false)));
    } else if (item) {
      // Items of one kind (bullets or numbers). Each takes the lines indented under it (blank lines between
      // them dropped) and lines that continue its text; its content is block markdown again.
      const start = item[2];
      const items: ComponentChildren[] = [];
      while (item && !item[2] === !start) {
        // Lines indented two or more past the item's own indentation belong to it; they lose up to the
        // width of its marker and the spaces after it, so code inside keeps its own indentation.
        const width = item[1]!.length + 2;
        const offset = item[0].length - item[3]!.length;
        const body = [item[3]!];
        while (++i < lines.length) {
          const next = lines[i]!;
          const indent = next.search(/\S/);
          if (indent >= width) body.push(next.slice(Math.min(indent, offset)));
          else if (indent >= 0) {
            // Less indented: the next item, a block, or (right after a text line) more of that text.
            if (!lines[i - 1]!.trim() || startsBlock(next)) break;
            body.push(next);
          }
        }
        items.push(h('li', null, blocks(body, depth + 1)));
        item = LIST_ITEM.exec(lines[i] ?? '');
      }
      i--; // the loop steps onto the line after the list
      out.push(start ? h('ol', { start: +start }, items) : h('ul', null, items));
    } else {
      const first = i;
      while (lines[i + 1]?.trim() && !startsBlock(lines[i + 1]!)) i++;
      const children = inline(lines.slice(first, i + 1).join('\n').trim(), 0, false);
      out.push(depth ? children : h('p', null, children));
    }
  }
  return out;
}

/** Renders markdown text as Preact children; text is never interpreted as HTML. */
export function renderMarkdown(text: string): ComponentChildren {
  return blocks(text.split(/\r\n?|\n/), 0);
}
