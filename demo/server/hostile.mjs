// @ts-check
/**
 * The `hostile` fault: a reply whose markdown and function calls carry everything a widget
 * must render as inert text — script tags, event-handler attributes, dangerous link schemes
 * (plain, mixed case, entity-encoded, with tabs and newlines), attribute breakouts, images on
 * another origin, keys that pollute prototypes, and objects that are very deep or very large.
 */

/** An image on another origin: a widget must not load it (127.0.0.1:1 refuses connections). */
export const HOSTILE_IMAGE_URL = 'http://127.0.0.1:1/evil.png';

/** How deep the nested argument/result objects go. */
export const HOSTILE_DEPTH = 200;

/** Length of the huge string, in characters. */
export const HOSTILE_STRING_LENGTH = 100_000;

/** Number of items in the huge array. */
export const HOSTILE_ARRAY_LENGTH = 500;

/** The hostile markdown reply. */
export const HOSTILE_MARKDOWN = [
  '# <script>alert("heading")</script>Hostile reply',
  '',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<iframe src="javascript:alert(3)"></iframe>',
  '"><svg onload=alert(4)>',
  "'><img src=x onerror=alert(5)>",
  '',
  '- [plain](javascript:alert(6))',
  '- [mixed case](JaVaScRiPt:alert(7))',
  '- [entity](jav&#x61;script:alert(8))',
  '- [decimal entity](&#106;avascript:alert(9))',
  '- [entity colon](javascript&colon;alert(10))',
  '- [tab](java\tscript:alert(11))',
  '- [leading space]( javascript:alert(12))',
  '- [newline](java\nscript:alert(13))',
  '- [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxNCk8L3NjcmlwdD4=)',
  '- [vbscript](vbscript:msgbox(15))',
  '- [breakout](https://example.com/"onmouseover="alert(16))',
  '- <a href="javascript:alert(17)">raw anchor</a>',
  '',
  `![tracking pixel](${HOSTILE_IMAGE_URL})`,
  '![svg](data:image/svg+xml,<svg onload=alert(18)>)',
  '',
  '**bold "><svg onload=alert(19)>** and *<b onmouseover=alert(20)>italic</b>*',
  '',
  '`<script>alert(21)</script>`',
  '',
  '```html',
  '<script>alert(22)</script>',
  '```',
  '',
  '<style>body{display:none}</style><form action="https://example.com"><input name=x></form>',
].join('\n');

/**
 * An object nested `depth` levels deep, alternating objects and arrays.
 * @param {number} depth
 * @returns {Record<string, unknown>}
 */
export function deepObject(depth) {
  /** @type {Record<string, unknown>} */
  let node = { bottom: '<img src=x onerror=alert("deep")>' };
  for (let i = depth - 1; i > 0; i--) node = i % 2 ? { level: i, child: node } : { level: i, list: [node] };
  return node;
}

/**
 * An object with an own, enumerable `__proto__` key (as `JSON.parse` produces), which a naive
 * deep copy would turn into a prototype.
 * @returns {Record<string, unknown>}
 */
function pollutingObject() {
  /** @type {Record<string, unknown>} */
  const value = { constructor: { prototype: { polluted: true } } };
  Object.defineProperty(value, '__proto__', { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
  return value;
}

/**
 * The hostile reply.
 * @returns {{ message: string; function_calls: import('./storage.mjs').StoredFunctionCall[] }}
 */
export function hostileReply() {
  const items = Array.from({ length: HOSTILE_ARRAY_LENGTH }, (_, i) => ({
    id: i,
    label: `<b onmouseover=alert(${i})>item ${i}</b>`,
    href: i % 2 ? 'javascript:alert(1)' : 'JaVaScRiPt:alert(2)',
  }));
  return {
    message: HOSTILE_MARKDOWN,
    function_calls: [
      {
        name: '<img src=x onerror=alert("name")>',
        arguments: {
          html: '<script>alert("args")</script>',
          href: 'javascript:alert("href")',
          breakout: '"><svg onload=alert("attr")>',
          '<script>alert("key")</script>': 'a key with markup',
          huge: 'A'.repeat(HOSTILE_STRING_LENGTH),
          deep: deepObject(HOSTILE_DEPTH),
          pollution: pollutingObject(),
        },
        result: { items, image: HOSTILE_IMAGE_URL, count: HOSTILE_ARRAY_LENGTH, nothing: null, yes: true, ratio: 0.5 },
      },
      {
        name: '"><svg onload=alert("fn")>',
        arguments: { nested: deepObject(HOSTILE_DEPTH) },
        result: { success: false, error: { code: '<script>', message: '<img src=x onerror=alert("error")>' } },
      },
    ],
  };
}
