/**
 * Inline markdown (the text of a paragraph, heading or table cell) to Preact children. One scan from left
 * to right turns code spans, escapes, character references and autolinks into tokens and sets emphasis
 * runs and brackets aside; a `]` with a target after it makes a link of its bracket, and the emphasis runs
 * are paired (CommonMark's "process emphasis") inside each link and at the end. Then the tokens are built
 * into elements with an explicit stack.
 *
 * Linear in the text: a code span finds its closing backtick run in an index of the runs by length, the
 * search for an emphasis opener remembers where it failed, and a link makes every bracket before it
 * inactive at once. No regular expression is built from the text.
 */
import { h, type ComponentChildren, type VNode } from 'preact';
import { entityAt, ESCAPABLE, unescapeText } from './entities';
import { bareUrlEnd, link } from './links';

type Tag = 'em' | 'strong' | 'del';

/** A run of `*`, `_` or `~~`, whose characters end up opening or closing elements, or as text. */
interface Run {
  char: string;
  /** Characters not used by emphasis (yet). */
  count: number;
  /** Its length as written, which the "multiple of 3" rule reads. */
  length: number;
  canOpen: boolean;
  canClose: boolean;
  /** The elements it opens and closes, innermost first (most runs do neither, and go without the arrays). */
  opens?: Tag[];
  closes?: Tag[];
}

/** A `[` or `![`, and where it leads once it turns out to start a link (an autolink is one from the start). */
interface Opening {
  text: string;
  image?: boolean;
  target?: string;
  title?: string;
  /** Where a bracket stands among the tokens, and how many emphasis runs were set aside before it. */
  index?: number;
  runs?: number;
  /** Where its text starts in the source (its label, for a shortcut reference). */
  start?: number;
}

/** The link reference definitions of a reply: target and title by label (see {@link normalizeLabel}). */
export type References = Map<string, { target: string; title: string }>;

/** A link label as references match it: white space collapsed, case folded (`ẞ` and `ss` match). */
export function normalizeLabel(label: string): string {
  return label
    .trim()
    .replace(/[ \t\r\n]+/g, ' ')
    .toLowerCase()
    .toUpperCase();
}

/** `[label]` after a link's text: a full reference (or `[]`, a collapsed one). */
const REFERENCE_LABEL = /\[((?:[^\\[\]]|\\.){0,999})\]/y;

/** Where a link's text ends. */
const LINK_END = { end: true } as const;

type Token = string | VNode | Run | Opening | typeof LINK_END;

/** Emphasis nested deeper than this keeps its text but no more elements (the DOM stays shallow). */
const MAX_NESTING = 16;

/** Where plain text ends: a character that may start something, or a bare URL at the start of a word. */
const TEXT_END = /[\n\\`*_~[\]!<&]|(?<![^\s*_~(])(?:https?:\/\/|www\.)/gi;
const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE_OR_PUNCTUATION = /[\s\p{P}\p{S}]/u;
/** `<scheme:target>` or `<address@domain>`. */
const AUTOLINK = /<(?:([a-z][a-z\d+.-]{1,31}:[^\s<>]*)|([\w.+-]+@[a-z\d-]+(?:\.[a-z\d-]+)*))>/iy;

/** `<target>`, or a target without spaces whose parentheses pair up (two deep). */
export const LINK_TARGET = String.raw`<(?:[^<>\n\\]|\\.)*>|(?!<)(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*\))*`;
/** `"title"`, `'title'` or `(title)`. */
export const LINK_TITLE = String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)`;
/** `(target "title")` after a link's text. */
const LINK_TAIL = new RegExp(String.raw`\(\s*(${LINK_TARGET})(?:\s+(${LINK_TITLE}))?\s*\)`, 'y');
/**
 * Not CommonMark: a target with spaces (`[price list](Price List 2024.pdf)`), as assistants write file
 * names, so that it is shown rather than lost.
 */
const SPACED_TAIL = /\(([^()[\]<>"\n\\]{1,200})\)/y;

/** Runs `pattern` (sticky) on `text` at `at`. */
function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/**
 * Whether a run of `*`, `_` or `~` with `next` on one side and `previous` on the other flanks the text on
 * the `next` side (CommonMark): no white space there, and no punctuation unless white space or punctuation
 * is on the other side.
 */
function flanking(next: string, previous: string): boolean {
  return !WHITESPACE.test(next) && (!PUNCTUATION.test(next) || WHITESPACE_OR_PUNCTUATION.test(previous));
}

/** Where each backtick run of `text` starts, by length, the last one first. */
function backtickRuns(text: string): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  for (const run of [...text.matchAll(/`+/g)].reverse()) {
    const starts = runs.get(run[0].length) ?? [];
    runs.set(run[0].length, starts);
    starts.push(run.index);
  }
  return runs;
}

/**
 * Pairs emphasis runs (CommonMark's "process emphasis"): each run that may close takes the nearest run
 * before it that may open, of the same character, unless the "multiple of 3" rule forbids; the runs
 * between them stay text. Where a search found nothing, the next search of its kind stops.
 */
function pairEmphasis(runs: Run[]): void {
  const openers: Run[] = [];
  // Where the search for an opener of each kind of closer stops: by character, whether the closer may
  // open too, and its length modulo 3 (what canPair reads).
  const floors: number[] = [];
  for (const closer of runs) {
    const kind = '*_~'.indexOf(closer.char) * 6 + (closer.canOpen ? 3 : 0) + (closer.length % 3);
    while (closer.canClose && closer.count) {
      const floor = Math.min(floors[kind] ?? 0, openers.length);
      let index = openers.length - 1;
      while (index >= floor && !canPair(openers[index]!, closer)) index--;
      if (index < floor) {
        floors[kind] = openers.length;
        break;
      }
      const opener = openers[index]!;
      openers.length = index + 1;
      // (A `~~` run always uses both its tildes: only runs of two may open or close.)
      const used = Math.min(2, opener.count, closer.count);
      const tag: Tag = closer.char === '~' ? 'del' : used === 2 ? 'strong' : 'em';
      opener.count -= used;
      closer.count -= used;
      (opener.opens ??= []).push(tag);
      (closer.closes ??= []).push(tag);
      if (!opener.count) openers.pop();
      for (let other = 0; other < floors.length; other++) floors[other] = Math.min(floors[other] ?? 0, openers.length);
    }
    if (closer.canOpen && closer.count) openers.push(closer);
  }
}

function canPair(opener: Run, closer: Run): boolean {
  // A run that may both open and close pairs only when the lengths' sum is no multiple of 3 (or both are).
  const bothWays = opener.canClose || closer.canOpen;
  const multipleOf3 = (opener.length + closer.length) % 3 === 0 && (opener.length % 3 !== 0 || closer.length % 3 !== 0);
  return opener.char === closer.char && !(bothWays && multipleOf3);
}

/** Inline markdown to children. */
export function renderInline(text: string, references: References = new Map()): ComponentChildren[] {
  const tokens: Token[] = [];
  const runs: Run[] = [];
  /** The `[` and `![` not closed yet. */
  const brackets: Opening[] = [];
  // Brackets before this token cannot start a link any more: links do not contain links.
  let linkFloor = 0;
  const backticks = backtickRuns(text);

  /** A link whose label is its target as written. */
  const addAutolink = (target: string, label: string) => tokens.push({ text: '', target }, label, LINK_END);

  /** A `]`: the end of a link when a target follows and its bracket may still start one. Returns where to go on. */
  /**
   * The reference a link's text closed at `at` makes, if any: a full one (`[text][label]`), a collapsed one
   * (`[label][]`) or a shortcut (`[label]`), when the label has a definition. The length of the label after the
   * text comes with it.
   */
  const reference = (bracket: Opening, at: number): { target: string; title: string; length: number } | undefined => {
    const label = matchAt(REFERENCE_LABEL, text, at + 1);
    // A label after the text makes it a full or collapsed reference, or none at all: never a shortcut.
    const key = label && label[1]!.trim() ? label[1]! : text.slice(bracket.start, at);
    const found = key.length <= 999 ? references.get(normalizeLabel(key)) : undefined;
    return found && { ...found, length: label?.[0].length ?? 0 };
  };

  const closeBracket = (at: number): number => {
    const bracket = brackets.pop();
    const canLink = bracket && (bracket.image || bracket.index! >= linkFloor);
    const tail = canLink ? (matchAt(LINK_TAIL, text, at + 1) ?? matchAt(SPACED_TAIL, text, at + 1)) : null;
    const referenced = canLink && !tail && references.size ? reference(bracket, at) : undefined;
    if (!bracket || (!tail && !referenced)) {
      tokens.push(']');
      return at + 1;
    }
    let whole: string;
    if (tail) {
      const [matched, target = '', title = ''] = tail;
      whole = matched;
      bracket.target = unescapeText(target.startsWith('<') ? target.slice(1, -1) : target.trim());
      bracket.title = unescapeText(title.slice(1, -1));
    } else {
      whole = text.slice(at + 1, at + 1 + referenced!.length);
      bracket.target = referenced!.target;
      bracket.title = referenced!.title;
    }
    pairEmphasis(runs.splice(bracket.runs!));
    tokens.push(LINK_END);
    if (!bracket.image) linkFloor = tokens.length;
    return at + 1 + whole.length;
  };

  let at = 0;
  while (at < text.length) {
    const c = text[at]!;
    const autolink = c === '<' ? matchAt(AUTOLINK, text, at) : null;
    const entity = c === '&' ? entityAt(text, at) : null;
    const urlEnd = bareUrlEnd(text, at);
    let end = at + 1;
    if (c === '\n' || (c === '\\' && text[end] === '\n')) {
      // A line break; the spaces before it are not text.
      const last = tokens[tokens.length - 1];
      if (typeof last === 'string') tokens[tokens.length - 1] = last.trimEnd();
      tokens.push(h('br', null));
      if (c === '\\') end++;
    } else if (c === '\\') {
      tokens.push(ESCAPABLE.test(text.charAt(end)) ? text[end++]! : c);
    } else if (c === '`') {
      while (text[end] === '`') end++;
      const length = end - at;
      const starts = backticks.get(length) ?? [];
      while (starts.length && starts.at(-1)! < end) starts.pop();
      const close = starts.pop();
      if (close === undefined) tokens.push(text.slice(at, end));
      else {
        let code = text.slice(end, close).replace(/\n/g, ' ');
        // One space on each side is padding, unless the code is nothing but spaces.
        if (code[0] === ' ' && code.endsWith(' ') && /[^ ]/.test(code)) code = code.slice(1, -1);
        tokens.push(h('code', null, code));
        end = close + length;
      }
    } else if (c === '*' || c === '_' || c === '~') {
      while (text[end] === c) end++;
      const length = end - at;
      const before = text[at - 1] ?? ' ';
      const after = text[end] ?? ' ';
      const leftFlanking = flanking(after, before);
      const rightFlanking = flanking(before, after);
      // `_` does not open or close inside a word (snake_case stays text); tildes strike through only as `~~`.
      const underscore = c === '_';
      const tildes = c !== '~' || length === 2;
      const run: Run = {
        char: c,
        count: length,
        length,
        canOpen: tildes && leftFlanking && (!underscore || !rightFlanking || PUNCTUATION.test(before)),
        canClose: tildes && rightFlanking && (!underscore || !leftFlanking || PUNCTUATION.test(after)),
      };
      tokens.push(run);
      runs.push(run);
    } else if (c === '[' || (c === '!' && text[end] === '[')) {
      const opening: Opening = {
        text: c === '!' ? '![' : '[',
        image: c === '!',
        index: tokens.length,
        runs: runs.length,
        start: at + (c === '!' ? 2 : 1),
      };
      brackets.push(opening);
      tokens.push(opening);
      end = at + opening.text.length;
    } else if (c === ']') {
      end = closeBracket(at);
    } else if (autolink) {
      const [whole, uri, email] = autolink;
      addAutolink(uri ?? `mailto:${email}`, uri ?? email!);
      end = at + whole.length;
    } else if (entity) {
      tokens.push(entity.value);
      end = at + entity.length;
    } else if (urlEnd > 0) {
      const url = text.slice(at, urlEnd);
      addAutolink(/^www\./i.test(url) ? `http://${url}` : url, url);
      end = urlEnd;
    } else {
      TEXT_END.lastIndex = end;
      end = TEXT_END.exec(text)?.index ?? text.length;
      tokens.push(text.slice(at, end));
    }
    at = end;
  }
  pairEmphasis(runs);
  return build(tokens);
}

/** The text of rendered children, as a screen reader reads it (a link's label, an image's alt text). */
function plainText(children: ComponentChildren): string {
  if (typeof children === 'string') return children;
  if (Array.isArray(children)) return children.map(plainText).join('');
  const props = (children as VNode<{ children?: ComponentChildren }> | null)?.props;
  return props ? plainText(props.children) : '';
}

/** Builds tokens into children: an element starts at each opening token and ends at its closing one. */
function build(tokens: Token[]): ComponentChildren[] {
  /** The elements open around the current token, each with the children of its parent so far. */
  const frames: { parent: ComponentChildren[]; element: Tag | Opening }[] = [];
  let children: ComponentChildren[] = [];
  // Links open around the current token: inside one, a link or an image is shown as its text.
  let links = 0;
  const open = (element: Tag | Opening) => {
    frames.push({ parent: children, element });
    children = [];
  };
  const close = () => {
    const { parent, element } = frames.pop()!;
    if (typeof element === 'string') parent.push(emphasis(element, children, frames.length));
    else {
      links--;
      // Inside another link, a link is only its label.
      parent.push(linkOf(element, children, links > 0));
    }
    children = parent;
  };

  for (const token of tokens) {
    if (typeof token === 'string' || 'type' in token) children.push(token);
    else if ('end' in token) close();
    else if ('canOpen' in token) {
      token.closes?.forEach(close);
      if (token.count) children.push(token.char.repeat(token.count));
      for (let i = token.opens?.length ?? 0; i--;) open(token.opens![i]!);
    } else if (token.target === undefined) children.push(token.text);
    else {
      links++;
      open(token);
    }
  }
  return children;
}

/** An emphasis element, or its bare children where it would nest too deep. */
function emphasis(tag: Tag, children: ComponentChildren[], depth: number): ComponentChildren {
  return depth < MAX_NESTING ? h(tag, null, children) : children;
}

/** A link, or its label alone inside another link (links do not nest). */
function linkOf(opening: Opening, children: ComponentChildren[], nested: boolean): ComponentChildren {
  const labelText = plainText(children);
  // An image is never fetched: it becomes a link to itself, labelled with its alt text.
  const label = opening.image ? labelText : children;
  return nested ? label : link(opening.target!, opening.title ?? '', label, labelText);
}
