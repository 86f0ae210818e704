/**
 * Inline markdown (the text of one paragraph, heading or table cell) to Preact children, following
 * CommonMark's algorithm: one pass from left to right that turns code spans, autolinks, escapes and
 * character references into tokens and remembers emphasis runs and brackets on two stacks, then the
 * emphasis runs are paired, and the tokens are built into VNodes with an explicit stack.
 *
 * Every step is linear in the text's length: closing backtick runs are looked up by length with pointers
 * that only move forward, the search for an emphasis opener is bounded as the spec describes, link
 * targets give up after 32 nested parentheses, and deactivating the brackets before a link is one number.
 * No regular expression is built from the text.
 */
import { h, type ComponentChildren, type VNode } from 'preact';
import { entityAt, ESCAPABLE, unescapeText } from './entities';
import { bareUrlEnd, link } from './links';

type Tag = 'em' | 'strong' | 'del';

/** A run of `*`, `_` or `~~`; pairing moves its characters into `opens` and `closes`. */
interface Run {
  type: 'run';
  char: string;
  /** Characters left over as text. */
  count: number;
  /** The run's length as written (the "multiple of 3" rule reads it). */
  length: number;
  /** Elements this run opens, innermost first, and closes, innermost first. */
  opens: Tag[];
  closes: Tag[];
}

type Token =
  | { type: 'text'; text: string }
  | { type: 'bracket'; text: string }
  | Run
  | { type: 'open'; image: boolean; target: string; title: string }
  | { type: 'close' }
  | { type: 'code'; text: string }
  | { type: 'url'; text: string; target: string }
  | { type: 'break' };

/** A run that may still open or close emphasis, on a doubly linked stack. */
interface Delimiter {
  run: Run;
  canOpen: boolean;
  canClose: boolean;
  previous: Delimiter | null;
  next: Delimiter | null;
}

/** An unclosed `[` or `![`. */
interface Bracket {
  /** Its token, which becomes the link's opening token. */
  index: number;
  image: boolean;
  /** The top of the delimiter stack when it was pushed: emphasis inside the link is paired above it. */
  bottom: Delimiter | null;
  previous: Bracket | null;
}

/** Emphasis nested deeper than this keeps its text but no more elements (the DOM stays shallow). */
const MAX_NESTING = 16;
/** How deeply a link target's parentheses may nest. */
const MAX_PARENTHESES = 32;
/** How far a target with spaces may reach. */
const MAX_SPACED_TARGET = 200;

/** Where plain text ends: the next character that may start something, or a bare URL at a word's start. */
const TEXT_END = /[\n\\`*_~[\]!<&]|(?<![^\s*_~(])(?:https?:\/\/|www\.)/gi;
const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
/** `<scheme:target>` or `<address@domain>`. */
const AUTOLINK =
  /<(?:([a-z][a-z\d+.-]{1,31}:[^<>\x00-\x20\x7f]*)|([\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*))>/iy;

/** Inline markdown to children. */
export function renderInline(src: string): ComponentChildren[] {
  const tokens: Token[] = [];
  let delimiters: Delimiter | null = null;
  let brackets: Bracket | null = null;
  // Brackets at indexes below this cannot become links any more: links do not contain links.
  let linkFloor = -1;

  const text = (value: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.type === 'text') last.text += value;
    else tokens.push({ type: 'text', text: value });
  };

  // Closing backtick runs by length, found once; each length's pointer only moves forward.
  let backtickRuns: Map<number, { starts: number[]; next: number }> | undefined;
  const closingBackticks = (from: number, length: number): number => {
    if (!backtickRuns) {
      backtickRuns = new Map();
      for (let i = src.indexOf('`'); i >= 0; i = src.indexOf('`', i)) {
        const start = i;
        while (src[i] === '`') i++;
        const runs = backtickRuns.get(i - start) ?? { starts: [], next: 0 };
        runs.starts.push(start);
        backtickRuns.set(i - start, runs);
      }
    }
    const runs = backtickRuns.get(length);
    if (!runs) return -1;
    while (runs.next < runs.starts.length && runs.starts[runs.next]! < from) runs.next++;
    return runs.starts[runs.next] ?? -1;
  };

  /** Drops the spaces and tabs that end the text so far (before a line break, at the end). */
  const trimLastText = () => {
    const last = tokens[tokens.length - 1];
    if (last?.type !== 'text') return;
    let end = last.text.length;
    while (last.text[end - 1] === ' ' || last.text[end - 1] === '\t') end--;
    last.text = last.text.slice(0, end);
  };

  /** Spaces and tabs. */
  const skipBlanks = (at: number): number => {
    while (src[at] === ' ' || src[at] === '\t') at++;
    return at;
  };

  /** Spaces and tabs, with at most one line break among them. */
  const skipSpace = (at: number): number => {
    let newline = false;
    while (src[at] === ' ' || src[at] === '\t' || (src[at] === '\n' && !newline)) newline ||= src[at++] === '\n';
    return at;
  };

  /** `(target "title")` from just after the `(`: the target, the title and where the link ends, or null. */
  const linkTail = (at: number): { target: string; title: string; end: number } | null => {
    let i = skipSpace(at);
    let target: string;
    if (src[i] === '<') {
      let j = i + 1;
      for (; j < src.length && src[j] !== '>'; j++) {
        if (src[j] === '\n' || src[j] === '<') return null;
        if (src[j] === '\\') j++;
      }
      if (j >= src.length) return null;
      target = src.slice(i + 1, j);
      i = j + 1;
    } else {
      let depth = 0;
      let j = i;
      for (; j < src.length; j++) {
        const c = src[j]!;
        if (c === '\\' && ESCAPABLE.test(src.charAt(j + 1))) j++;
        else if (c === '(' && ++depth > MAX_PARENTHESES) return null;
        else if (c === ')' && depth-- === 0) break;
        else if (c <= ' ' || c === '\x7f') break;
      }
      if (depth > 0) return null;
      target = src.slice(i, j);
      i = j;
    }
    const beforeTitle = i;
    i = skipSpace(i);
    const quote = src[i];
    let title = '';
    if (i > beforeTitle && (quote === '"' || quote === "'" || quote === '(')) {
      const close = quote === '(' ? ')' : quote;
      let j = i + 1;
      for (; j < src.length && src[j] !== close; j++) {
        if (src[j] === '\\') j++;
        else if (quote === '(' && src[j] === '(') return null;
      }
      if (j >= src.length) return null;
      title = unescapeText(src.slice(i + 1, j));
      i = skipSpace(j + 1);
    }
    return src[i] === ')' ? { target: unescapeText(target), title, end: i + 1 } : null;
  };

  /**
   * Not CommonMark: a target with spaces and nothing else a target cannot hold (`[list](Price List 2024.pdf)`),
   * as assistants write file names. Read up to its parenthesis, at most `MAX_SPACED_TARGET` characters away.
   */
  const spacedTail = (at: number): { target: string; title: string; end: number } | null => {
    const limit = Math.min(src.length, at + MAX_SPACED_TARGET);
    for (let i = at; i < limit; i++) {
      if (src[i] === ')') {
        const target = unescapeText(src.slice(at, i).trim());
        return target ? { target, title: '', end: i + 1 } : null;
      }
      if ('()[]<>"\n\\'.includes(src[i]!)) return null;
    }
    return null;
  };

  const removeDelimiter = (d: Delimiter) => {
    if (d.previous) d.previous.next = d.next;
    if (d.next) d.next.previous = d.previous;
    else delimiters = d.previous;
  };

  /** Pairs the emphasis runs above `bottom` (CommonMark's "process emphasis") and drops them from the stack. */
  const pairEmphasis = (bottom: Delimiter | null) => {
    const openersBottom = new Map<string, Delimiter | null>();
    let closer = delimiters;
    while (closer && closer.previous !== bottom) closer = closer.previous;
    while (closer) {
      if (!closer.canClose) {
        closer = closer.next;
        continue;
      }
      const { run } = closer;
      const key = `${run.char}${closer.canOpen}${run.length % 3}`;
      const floor = openersBottom.has(key) ? openersBottom.get(key) : bottom;
      let opener = closer.previous;
      while (opener && opener !== bottom && opener !== floor) {
        // A run that can both open and close pairs only when the lengths' sum is no multiple of 3.
        const oddMatch =
          (closer.canOpen || opener.canClose) && run.length % 3 !== 0 && (opener.run.length + run.length) % 3 === 0;
        if (opener.run.char === run.char && opener.canOpen && !oddMatch) break;
        opener = opener.previous;
      }
      if (opener && opener !== bottom && opener !== floor) {
        const used = run.char === '~' ? 2 : run.count >= 2 && opener.run.count >= 2 ? 2 : 1;
        const tag: Tag = run.char === '~' ? 'del' : used === 2 ? 'strong' : 'em';
        opener.run.count -= used;
        run.count -= used;
        opener.run.opens.push(tag);
        run.closes.push(tag);
        opener.next = closer;
        closer.previous = opener;
        if (!opener.run.count) removeDelimiter(opener);
        if (!run.count) {
          const next = closer.next;
          removeDelimiter(closer);
          closer = next;
        }
      } else {
        openersBottom.set(key, closer.previous);
        const next = closer.next;
        if (!closer.canOpen) removeDelimiter(closer);
        closer = next;
      }
    }
    while (delimiters && delimiters !== bottom) removeDelimiter(delimiters);
  };

  /** A `]`: the end of a link or image when a target follows and its `[` may still open one. Returns where to go on. */
  const closeBracket = (at: number): number => {
    const opener = brackets;
    if (!opener) {
      text(']');
      return at + 1;
    }
    brackets = opener.previous;
    const tail = (opener.image || opener.index > linkFloor) && src[at + 1] === '(' ? linkTail(at + 2) ?? spacedTail(at + 2) : null;
    if (!tail) {
      text(']');
      return at + 1;
    }
    tokens[opener.index] = { type: 'open', image: opener.image, target: tail.target, title: tail.title };
    pairEmphasis(opener.bottom);
    tokens.push({ type: 'close' });
    if (!opener.image) linkFloor = opener.index;
    return tail.end;
  };

  let pos = 0;
  while (pos < src.length) {
    const c = src[pos]!;
    if (c === '\n') {
      // A line break; the spaces around it are not text.
      trimLastText();
      tokens.push({ type: 'break' });
      pos = skipBlanks(pos + 1);
    } else if (c === '\\') {
      const next = src.charAt(pos + 1);
      if (next === '\n') {
        tokens.push({ type: 'break' });
        pos = skipBlanks(pos + 2);
      } else if (ESCAPABLE.test(next)) {
        text(next);
        pos += 2;
      } else {
        text(c);
        pos++;
      }
    } else if (c === '`') {
      let end = pos;
      while (src[end] === '`') end++;
      const close = closingBackticks(end, end - pos);
      if (close < 0) text(src.slice(pos, end));
      else {
        let code = src.slice(end, close).replace(/\n/g, ' ');
        if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim()) code = code.slice(1, -1);
        tokens.push({ type: 'code', text: code });
      }
      pos = close < 0 ? end : close + end - pos;
    } else if (c === '*' || c === '_' || c === '~') {
      let end = pos;
      while (src[end] === c) end++;
      const length = end - pos;
      if (c === '~' && length !== 2) text(src.slice(pos, end));
      else {
        const before = src[pos - 1] ?? '\n';
        const after = src[end] ?? '\n';
        const beforeSpace = WHITESPACE.test(before);
        const afterSpace = WHITESPACE.test(after);
        const beforePunctuation = PUNCTUATION.test(before);
        const afterPunctuation = PUNCTUATION.test(after);
        const leftFlanking = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation);
        const rightFlanking = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation);
        // `_` must not open or close inside a word: snake_case stays text.
        const canOpen = c === '_' ? leftFlanking && (!rightFlanking || beforePunctuation) : leftFlanking;
        const canClose = c === '_' ? rightFlanking && (!leftFlanking || afterPunctuation) : rightFlanking;
        const run: Run = { type: 'run', char: c, count: length, length, opens: [], closes: [] };
        tokens.push(run);
        if (canOpen || canClose) {
          const delimiter: Delimiter = { run, canOpen, canClose, previous: delimiters, next: null };
          if (delimiters) delimiters.next = delimiter;
          delimiters = delimiter;
        }
      }
      pos = end;
    } else if (c === '[' || (c === '!' && src[pos + 1] === '[')) {
      const image = c === '!';
      brackets = { index: tokens.length, image, bottom: delimiters, previous: brackets };
      tokens.push({ type: 'bracket', text: image ? '![' : '[' });
      pos += image ? 2 : 1;
    } else if (c === ']') {
      pos = closeBracket(pos);
    } else if (c === '<' || c === '&') {
      AUTOLINK.lastIndex = pos;
      const autolink = c === '<' ? AUTOLINK.exec(src) : null;
      const entity = c === '&' ? entityAt(src, pos) : null;
      if (autolink) {
        const [whole, uri, email] = autolink;
        tokens.push({ type: 'url', text: uri ?? email!, target: uri ?? `mailto:${email}` });
        pos += whole.length;
      } else if (entity) {
        text(entity.value);
        pos += entity.length;
      } else {
        text(c);
        pos++;
      }
    } else {
      const urlEnd = /[hw]/i.test(c) && (pos === 0 || /[\s*_~(]/.test(src[pos - 1]!)) ? bareUrlEnd(src, pos) : -1;
      if (urlEnd > 0) {
        const url = src.slice(pos, urlEnd);
        tokens.push({ type: 'url', text: url, target: /^www\./i.test(url) ? `http://${url}` : url });
        pos = urlEnd;
      } else {
        TEXT_END.lastIndex = pos + 1;
        const end = TEXT_END.exec(src)?.index ?? src.length;
        text(src.slice(pos, end));
        pos = end;
      }
    }
  }
  pairEmphasis(null);
  trimLastText();
  return build(tokens);
}

/** The text of rendered children, as a screen reader would read it (a link's label, an image's alt text). */
export function plainText(children: ComponentChildren): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(plainText).join('');
  const props = (children as VNode<{ children?: ComponentChildren }> | null)?.props;
  return props ? plainText(props.children) : '';
}

/** Turns tokens into children, opening an element at each opening token and closing it at its closer. */
function build(tokens: Token[]): ComponentChildren[] {
  interface Frame {
    parent: ComponentChildren[];
    close: (children: ComponentChildren[]) => ComponentChildren;
  }
  const frames: Frame[] = [];
  let out: ComponentChildren[] = [];
  // Inside a link or an image, links and images show as their text: a link cannot hold another.
  let linksOpen = 0;

  const add = (child: ComponentChildren) => {
    const last = out.length - 1;
    if (typeof child === 'string' && typeof out[last] === 'string') out[last] += child;
    else if (child !== '') out.push(child);
  };
  const enter = (close: Frame['close']) => {
    frames.push({ parent: out, close });
    out = [];
  };
  const leave = () => {
    const frame = frames.pop()!;
    const children = out;
    out = frame.parent;
    add(frame.close(children));
  };
  const emphasis = (tag: Tag) =>
    enter((children) => (frames.length < MAX_NESTING ? h(tag, null, children) : children));

  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'bracket':
        add(token.text);
        break;
      case 'run':
        token.closes.forEach(leave);
        add(token.char.repeat(token.count));
        for (let i = token.opens.length - 1; i >= 0; i--) emphasis(token.opens[i]!);
        break;
      case 'open':
        linksOpen++;
        enter((children) => {
          const label = token.image ? plainText(children) : children;
          // An image is never fetched: it becomes a link to itself, labelled with its alt text.
          return --linksOpen ? label : link(token, label, plainText(children));
        });
        break;
      case 'close':
        leave();
        break;
      case 'code':
        add(h('code', null, token.text));
        break;
      case 'url':
        add(linksOpen ? token.text : link(token, token.text, token.text));
        break;
      case 'break':
        add(h('br', null));
        break;
      default:
        token satisfies never;
    }
  }
  return out;
}
