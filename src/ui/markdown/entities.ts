/**
 * HTML character references: every numeric one, and the named ones assistants write: the markup characters,
 * punctuation and spaces, currency, arrows, mathematics, the Latin letters (HTML's Latin-1 set and the few
 * beyond it) and Greek. The full HTML list has over two thousand names and would outweigh the whole renderer; an
 * unknown name stays text, as written.
 */

/** HTML's names of U+00A0 to U+00FF, in order (the Latin-1 set: spaces, signs, currency, and the Latin letters). */
const LATIN_1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

/** HTML's names of the small Greek letters, from U+03B1, in order (the capitals that formulas use are below). */
const GREEK = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega';

/** The other names, with their code points. */
const OTHERS = {
  // Markup, and the ASCII signs assistants write by name.
  quot: 34,
  amp: 38,
  apos: 39,
  lt: 60,
  gt: 62,
  num: 35,
  dollar: 36,
  percnt: 37,
  ast: 42,
  commat: 64,
  // Latin letters beyond Latin-1.
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  Zcaron: 381,
  zcaron: 382,
  fnof: 402,
  // Spaces, dashes, quotes and other punctuation.
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  trade: 8482,
  // Currency (cent, pound, curren, yen are Latin-1's).
  euro: 8364,
  // Arrows.
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  lArr: 8656,
  uArr: 8657,
  rArr: 8658,
  dArr: 8659,
  hArr: 8660,
  // Mathematics (times, divide, plusmn, not, deg, micro, fractions and powers are Latin-1's).
  forall: 8704,
  part: 8706,
  exist: 8707,
  empty: 8709,
  isin: 8712,
  notin: 8713,
  prod: 8719,
  sum: 8721,
  minus: 8722,
  radic: 8730,
  prop: 8733,
  infin: 8734,
  ang: 8736,
  and: 8743,
  or: 8744,
  cap: 8745,
  cup: 8746,
  int: 8747,
  there4: 8756,
  sim: 8764,
  asymp: 8776,
  ne: 8800,
  equiv: 8801,
  le: 8804,
  ge: 8805,
  sdot: 8901,
  // Greek capitals formulas use.
  Delta: 916,
  Pi: 928,
  Sigma: 931,
  Omega: 937,
} satisfies Record<string, number>;

/** Every name, with what it stands for. */
const NAMED = new Map<string, string>([
  ...LATIN_1.split(' ').map((name, index) => [name, String.fromCharCode(0xa0 + index)] as const),
  ...GREEK.split(' ').map((name, index) => [name, String.fromCharCode(0x3b1 + index)] as const),
  ...Object.entries(OTHERS).map(([name, code]) => [name, String.fromCharCode(code)] as const),
]);

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
    if (text[at] === '\\' && ESCAPABLE.test(text.charAt(at + 1))) out += text.charAt(++at);
    else if (entity) {
      out += entity.value;
      at += entity.length - 1;
    } else out += text.charAt(at);
  }
  return out;
}
