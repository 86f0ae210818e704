/**
 * HTML character references: every numeric one, and the few named ones assistants write (the markup
 * characters, the no-break space, the copyright sign, the dash; `ouml` for the CommonMark examples). The
 * full HTML list has over two thousand names and would outweigh the whole renderer; each name costs the
 * panel about 8 bytes, so an unknown one stays text, as written.
 */
const NAMED = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    copy: '©',
    ndash: '–',
    ouml: 'ö',
  }),
);

/** `&name;`, `&#123;` or `&#x1F600;`, read from `lastIndex`. */
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z][a-z\d]{0,31}));/iy;

/**
 * The character reference at `at` in `text`, if it is one: what it stands for and how long it is. Code
 * points that HTML does not allow (zero, surrogates, beyond Unicode) become U+FFFD.
 */
export function entityAt(text: string, at: number): { value: string; length: number } | null {
  REFERENCE.lastIndex = at;
  const match = REFERENCE.exec(text);
  if (!match) return null;
  const [whole, decimal, hex, name] = match;
  const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
  const value = name ? NAMED.get(name) : String.fromCodePoint(code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd);
  return value ? { value, length: whole.length } : null;
}

/** ASCII punctuation: the characters a backslash may escape. */
export const ESCAPABLE = /[!-/:-@[-`{-~]/;

/**
 * Backslash escapes and character references resolved, for where markdown allows nothing else: link
 * targets and titles, and a code block's language.
 */
export function unescapeText(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const entity = text[at] === '&' && entityAt(text, at);
    if (text[at] === '\\' && ESCAPABLE.test(text.charAt(at + 1))) out += text[++at];
    else if (entity) {
      out += entity.value;
      at += entity.length - 1;
    } else out += text[at];
  }
  return out;
}
