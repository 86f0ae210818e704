/**
 * HTML character references: every numeric one, and the named ones replies actually use (the full HTML
 * list has over two thousand names, mostly mathematics, and would outweigh the rest of the renderer).
 * An unknown name stays text, as `&` followed by the name.
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
    reg: '®',
    trade: '™',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    laquo: '«',
    raquo: '»',
    middot: '·',
    bull: '•',
    deg: '°',
    times: '×',
    euro: '€',
    pound: '£',
    frac34: '¾',
    larr: '←',
    rarr: '→',
    auml: 'ä',
    ouml: 'ö',
    uuml: 'ü',
    szlig: 'ß',
    AElig: 'Æ',
  }),
);

/** `&name;`, `&#123;` or `&#x1F600;` at the start of the text searched from `lastIndex`. */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{0,31}));/y;

/**
 * The character reference at `at` in `text`, if it is one: what it stands for and how many characters
 * it takes. Code points that HTML does not allow (zero, surrogates, beyond Unicode) become U+FFFD.
 */
export function entityAt(text: string, at: number): { value: string; length: number } | null {
  REFERENCE.lastIndex = at;
  const match = REFERENCE.exec(text);
  if (!match) return null;
  const [whole, decimal, hex, name] = match;
  if (name) {
    const value = NAMED.get(name);
    return value ? { value, length: whole.length } : null;
  }
  const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  const allowed = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return { value: String.fromCodePoint(allowed ? code : 0xfffd), length: whole.length };
}

/** ASCII punctuation: the characters a backslash may escape. */
export const ESCAPABLE = /[!-/:-@[-`{-~]/;

/**
 * Backslash escapes and character references resolved, for the places where markdown allows no other
 * syntax: link targets and a code block's language.
 */
export function unescapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const entity = c === '&' ? entityAt(text, i) : null;
    if (c === '\\' && ESCAPABLE.test(text.charAt(i + 1))) out += text[++i];
    else if (entity) {
      out += entity.value;
      i += entity.length - 1;
    } else out += c;
  }
  return out;
}
