import { describe, expect, it } from 'vitest';
import { readAttributes } from '../src/config/names';
import { parseConfig } from '../src/config/parse';
import type { WidgetConfig } from '../src/config/table';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const context = { scriptSrc: 'https://cdn.example.com/widget/widget.js', pageUrl: 'https://shop.example.org/help/' };

function parse(input: Record<string, string | undefined>) {
  return parseConfig({ assistantId: ID, ...input }, context);
}

describe('parseConfig', () => {
  it('gives the defaults for a tag with only the assistant id, and no problems', () => {
    const result = parseConfig({ assistantId: ID }, context);
    expect(result.problems).toEqual([]);
    expect(result.config).toEqual<WidgetConfig>({
      assistantId: ID,
      apiBase: 'https://cdn.example.com/api',
      type: 'widget',
      variables: {},
      theme: 'light',
      color: '#4f46e5',
      position: 'bottom-right',
      locale: undefined,
      title: undefined,
      open: false,
      showFunctionCalls: true,
      storage: 'local',
      nonce: undefined,
      launcher: 'default',
      offset: '20px 20px',
      zIndex: 2147480000,
      inline: false,
      teaser: undefined,
      teaserDelay: 4000,
      openAfter: undefined,
      analytics: undefined,
      subtitle: undefined,
      avatar: undefined,
      starters: [],
      disclaimer: undefined,
      consent: 'none',
      prechat: [],
      visitor: {},
      size: 'normal',
      transcript: false,
      voice: 'none',
      sound: 'off',
    });
    expect(result.target).toBeUndefined();
    expect(result.inline).toBe(false);
  });

  it('reads every attribute', () => {
    const result = parseConfig(
      {
        assistantId: ID.toUpperCase(),
        apiBase: 'https://api.example.net/v1/',
        type: 'test',
        variables: '{"name":"Ada","visits":3,"member":true}',
        theme: 'Dark',
        color: '#0F766E',
        position: 'left-top',
        locale: 'de_AT',
        title: '  Ask Northwind  ',
        open: '',
        showFunctionCalls: 'false',
        storage: 'session',
        nonce: 'abc123',
        launcher: 'None',
        offset: ' 24px   88px ',
        zIndex: '1000',
        target: '#help',
      },
      context,
    );
    expect(result.problems).toEqual([]);
    expect(result.config).toEqual<WidgetConfig>({
      assistantId: ID,
      apiBase: 'https://api.example.net/v1',
      type: 'test',
      variables: { name: 'Ada', visits: 3, member: true },
      theme: 'dark',
      color: '#0f766e',
      position: 'top-left',
      locale: 'de-AT',
      title: 'Ask Northwind',
      open: true,
      showFunctionCalls: false,
      storage: 'session',
      nonce: 'abc123',
      launcher: 'none',
      offset: '24px 88px',
      zIndex: 1000,
      inline: false,
      teaser: undefined,
      teaserDelay: 4000,
      openAfter: undefined,
      analytics: undefined,
      subtitle: undefined,
      avatar: undefined,
      starters: [],
      disclaimer: undefined,
      consent: 'none',
      prechat: [],
      visitor: {},
      size: 'normal',
      transcript: false,
      voice: 'none',
      sound: 'off',
    });
    expect(result.target).toBe('#help');
  });

  it.each([
    ['right-bottom', 'bottom-right'],
    ['left-bottom', 'bottom-left'],
    ['right-top', 'top-right'],
    ['left-top', 'top-left'],
    ['bottom-right', 'bottom-right'],
    ['bottom-left', 'bottom-left'],
    ['top-right', 'top-right'],
    ['TOP-LEFT', 'top-left'],
  ])('accepts the position spelling %s as %s', (position, expected) => {
    const result = parse({ position });
    expect(result.problems).toEqual([]);
    expect(result.config?.position).toBe(expected);
  });

  it.each([
    ['', true],
    ['true', true],
    ['TRUE', true],
    ['false', false],
  ])('reads data-open=%j as %s', (open, expected) => {
    expect(parse({ open }).config?.open).toBe(expected);
  });

  it.each(['#abc', '#abcd', '#aabbcc', '#aabbcc80'])('accepts the colour %s', (color) => {
    const result = parse({ color });
    expect(result.problems).toEqual([]);
    expect(result.config?.color).toBe(color);
  });

  it.each([
    [
      'a missing id',
      {},
      'data-assistant-id is missing: it should be a UUID like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx. The chat widget is not shown.',
    ],
    [
      'a blank id',
      { assistantId: '   ' },
      'data-assistant-id is missing: it should be a UUID like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx. The chat widget is not shown.',
    ],
    [
      'a malformed id',
      { assistantId: 'northwind-dental' },
      'data-assistant-id "northwind-dental" is not a UUID like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx. The chat widget is not shown.',
    ],
  ])('shows no widget for %s and says why', (_, input, message) => {
    const result = parseConfig(input, context);
    expect(result.config).toBeNull();
    expect(result.problems).toEqual([message]);
  });

  it.each<[string, Record<string, string>, string[], Partial<WidgetConfig>]>([
    [
      'bad JSON in data-variables',
      { variables: '{name: Ada}' },
      ['data-variables is not a JSON object like {"name": "Ada"}; no variables are sent.'],
      { variables: {} },
    ],
    [
      'a JSON array in data-variables',
      { variables: '["Ada"]' },
      ['data-variables is not a JSON object like {"name": "Ada"}; no variables are sent.'],
      { variables: {} },
    ],
    [
      'JSON null in data-variables',
      { variables: 'null' },
      ['data-variables is not a JSON object like {"name": "Ada"}; no variables are sent.'],
      { variables: {} },
    ],
    [
      "a name alone as the visitor (identify('bob'))",
      { visitor: 'bob' },
      ['data-visitor (or the visitor given to identify()) is not a JSON object like {"id": "42", "name": "Ada"}; the visitor is anonymous.'],
      { visitor: {} },
    ],
    [
      'nested values in data-variables',
      { variables: '{"name":"Ada","address":{"city":"Oslo"},"tags":["a"],"none":null}' },
      [
        'data-variables.address is not a string, number or boolean; left out.',
        'data-variables.tags is not a string, number or boolean; left out.',
        'data-variables.none is not a string, number or boolean; left out.',
      ],
      { variables: { name: 'Ada' } },
    ],
    [
      'a __proto__ key in data-variables',
      { variables: '{"__proto__":"x","name":"Ada"}' },
      ['data-variables.__proto__ is not a string, number or boolean; left out.'],
      { variables: { name: 'Ada' } },
    ],
    ['an unknown theme', { theme: 'blue' }, ['data-theme "blue" is not one of light, dark, auto; using light.'], { theme: 'light' }],
    [
      'an unknown position',
      { position: 'middle' },
      ['data-position "middle" is not one of bottom-right, bottom-left, top-right, top-left; using bottom-right.'],
      { position: 'bottom-right' },
    ],
    ['an unknown type', { type: 'live' }, ['data-type "live" is not one of widget, test; using widget.'], { type: 'widget' }],
    ['an unknown storage', { storage: 'cookie' }, ['data-storage "cookie" is not one of local, session, memory; using local.'], { storage: 'local' }],
    ['a colour name', { color: 'red' }, ['data-color "red" is not a hex colour like #4f46e5; using #4f46e5.'], { color: '#4f46e5' }],
    [
      'a colour with CSS after it',
      { color: '#fff;} body{display:none' },
      ['data-color "#fff;} body{display:none" is not a hex colour like #4f46e5; using #4f46e5.'],
      { color: '#4f46e5' },
    ],
    ['a five-digit colour', { color: '#12345' }, ['data-color "#12345" is not a hex colour like #4f46e5; using #4f46e5.'], { color: '#4f46e5' }],
    ['data-open=yes', { open: 'yes' }, ['data-open "yes" is not one of true, false; using false.'], { open: false }],
    [
      'data-show-function-calls=0',
      { showFunctionCalls: '0' },
      ['data-show-function-calls "0" is not one of true, false; using true.'],
      { showFunctionCalls: true },
    ],
    [
      'a locale that is not a language tag',
      { locale: 'german!' },
      ['data-locale "german!" is not a language tag like de-AT; using the page\'s language.'],
      { locale: undefined },
    ],
    [
      'a javascript: API base',
      { apiBase: 'javascript:alert(1)' },
      ['data-api-base "javascript:alert(1)" is not an http(s) URL; using https://cdn.example.com/api.'],
      { apiBase: 'https://cdn.example.com/api' },
    ],
  ])('falls back to the default for %s, with one sentence per problem', (_, input, messages, expected) => {
    const result = parse(input);
    expect(result.problems).toEqual(messages);
    expect(result.config).toMatchObject(expected);
  });

  it('reports every problem of one tag, not only the first', () => {
    const result = parseConfig({ assistantId: 'nope', theme: 'neon', color: 'blue', variables: '{' }, context);
    expect(result.config).toBeNull();
    expect(result.problems).toHaveLength(4);
  });

  it('resolves a relative data-api-base against the page, not the script', () => {
    expect(parse({ apiBase: '/chat-api/' }).config?.apiBase).toBe('https://shop.example.org/chat-api');
  });

  it('defaults the API base to /api on the page origin when there is no script, and to /api with no context', () => {
    expect(parseConfig({ assistantId: ID }, { pageUrl: 'http://localhost:5173/demo/' }).config?.apiBase).toBe('http://localhost:5173/api');
    expect(parseConfig({ assistantId: ID }).config?.apiBase).toBe('/api');
  });

  it("takes the script tag's nonce unless data-nonce is given", () => {
    expect(parseConfig({ assistantId: ID }, { nonce: 'from-tag' }).config?.nonce).toBe('from-tag');
    expect(parseConfig({ assistantId: ID, nonce: 'explicit' }, { nonce: 'from-tag' }).config?.nonce).toBe('explicit');
  });

  it('names element attributes without the data- prefix', () => {
    const result = parseConfig({ assistantId: ID, theme: 'neon' }, { source: 'element' });
    expect(result.problems).toEqual(['theme "neon" is not one of light, dark, auto; using light.']);
  });

  it('ignores values inherited from a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.theme = 'dark';
    try {
      expect(parseConfig({ assistantId: ID }).config?.theme).toBe('light');
    } finally {
      delete proto.theme;
    }
  });
});

describe('readAttributes', () => {
  it('reads the data attributes of a script tag into dataset spelling', () => {
    const script = document.createElement('script');
    script.setAttribute('data-assistant-id', ID);
    script.setAttribute('data-show-function-calls', 'false');
    script.setAttribute('data-api-base', '/api');
    script.setAttribute('data-unrelated', 'x');
    expect(readAttributes(script, 'script')).toEqual({ assistantId: ID, showFunctionCalls: 'false', apiBase: '/api' });
  });
});

describe('parseConfig with JavaScript options', () => {
  /** What mount() does with its options: plain JavaScript may pass anything. */
  const resolveOptions = (options: object) => parseConfig(options as Record<string, string>, { ...context, source: 'options' });

  it('takes typed options as they are', () => {
    const result = resolveOptions({ assistantId: ID, open: true, variables: { name: 'Ada' }, position: 'right-top' });
    expect(result.problems).toEqual([]);
    expect(result.config).toMatchObject({ open: true, variables: { name: 'Ada' }, position: 'top-right' });
  });

  it('names options in camelCase when plain JavaScript passes wrong values', () => {
    const result = resolveOptions({ assistantId: ID, theme: 'neon', open: 'maybe', variables: { n: Number.NaN } });
    expect(result.problems).toEqual([
      'theme "neon" is not one of light, dark, auto; using light.',
      'open "maybe" is not one of true, false; using false.',
      'variables.n is not a string, number or boolean; left out.',
    ]);
  });

  it('refuses a missing assistant id', () => {
    const result = resolveOptions({});
    expect(result.config).toBeNull();
    expect(result.problems[0]).toMatch(/^assistantId is missing/);
  });
});
