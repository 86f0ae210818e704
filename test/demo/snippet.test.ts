/**
 * The code the playground gives an owner to paste: always an absolute API base, variables only as a
 * commented example, the right install line.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type PlaygroundSettings } from '../../demo/playground/settings';
import { absoluteApiBase, buildGatewayCommand, buildNpmUsage, buildScriptTag, NPM_INSTALL } from '../../demo/playground/snippet';

const PAGE = 'http://127.0.0.1:5173/#theme=dark&assistant=x';
let nextId = 0;
const settings = (patch: Partial<PlaygroundSettings> = {}): PlaygroundSettings => ({
  ...defaultSettings(() => `row-${++nextId}`),
  ...patch,
});
const rows = (variables: Record<string, string>) => Object.entries(variables).map(([key, value]) => ({ id: key, key, value }));

/** Parses HTML the way a browser does and returns the body's elements and comments. */
function parseHtml(html: string): { script: HTMLScriptElement | null; comments: string[] } {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const comments: string[] = [];
  doc.body.childNodes.forEach((node) => {
    if (node.nodeType === 8) comments.push(node.textContent ?? '');
  });
  return { script: doc.body.querySelector('script'), comments };
}

/** What an owner gets by copying the example attribute out of the comment into a tag. */
function exampleVariables(comment: string): unknown {
  const attribute = /data-variables='[^']*'/.exec(comment)?.[0];
  const doc = new DOMParser().parseFromString(`<!doctype html><body><div ${attribute}></div>`, 'text/html');
  return JSON.parse(doc.body.querySelector('div')?.getAttribute('data-variables') ?? 'null');
}

describe('the API base in the snippet', () => {
  it('is resolved against the playground page: /api becomes an absolute URL', () => {
    expect(absoluteApiBase('/api', PAGE)).toBe('http://127.0.0.1:5173/api');
    expect(absoluteApiBase(' /api/ ', PAGE)).toBe('http://127.0.0.1:5173/api');
  });

  it('keeps the owner’s own API root, without a trailing slash', () => {
    expect(absoluteApiBase('https://api.example.com/v1/', PAGE)).toBe('https://api.example.com/v1');
  });

  it('is always in the script tag and the npm code, even for the playground’s default', () => {
    const s = settings();
    const base = absoluteApiBase(s.apiBase, PAGE);
    expect(parseHtml(buildScriptTag(s, base)).script?.getAttribute('data-api-base')).toBe('http://127.0.0.1:5173/api');
    expect(buildNpmUsage(s, base)).toContain(`  apiBase: 'http://127.0.0.1:5173/api',`);
  });
});

describe('variables in the snippet', () => {
  it('are not an attribute of the script tag, only an example in an HTML comment above it', () => {
    const html = buildScriptTag(settings({ variables: rows({ name: 'Alex', clinic: 'Northwind Dental' }) }), 'https://api.example.com');
    const { script, comments } = parseHtml(html);
    expect(script?.hasAttribute('data-variables')).toBe(false);
    expect(comments).toHaveLength(1);
    expect(exampleVariables(comments[0] ?? '')).toEqual({ name: 'Alex', clinic: 'Northwind Dental' });
    expect(html.indexOf('<!--')).toBe(0);
  });

  it('cannot end the comment early, and still copy back exactly', () => {
    const tricky = { note: 'a --> b -- c --- <script>alert(1)</script>', quote: `it's "quoted" & more` };
    const html = buildScriptTag(settings({ variables: rows(tricky) }), 'https://api.example.com');
    const { script, comments } = parseHtml(html);
    expect(comments).toHaveLength(1);
    expect(script?.getAttribute('src')).toBe('https://YOUR-CDN/widget.js');
    expect(script?.textContent).toBe('');
    expect(exampleVariables(comments[0] ?? '')).toEqual(tricky);
  });

  it('are a commented-out option in the npm code', () => {
    const code = buildNpmUsage(settings({ variables: rows({ name: 'Ada', 'first-visit': 'yes\n// injected' }) }), 'https://api.example.com');
    const live = code.split('\n').filter((line) => !line.trim().startsWith('//'));
    expect(live.join('\n')).not.toContain('variables');
    expect(code).toContain(`  // variables: { name: 'Ada', 'first-visit': 'yes\\n// injected' },`);
  });

  it('leave no comment at all when there are none', () => {
    const s = settings({ variables: [] });
    expect(buildScriptTag(s, 'https://api.example.com')).toMatch(/^<script\n/);
    expect(buildNpmUsage(s, 'https://api.example.com')).not.toMatch(/^\s*\/\//m);
  });
});

describe('the rest of the snippet', () => {
  it('carries the assistant and every setting that differs from the widget’s defaults, never the type', () => {
    const s = settings({
      theme: 'dark',
      color: '#E11D48',
      position: 'top-left',
      title: ' Ask us ',
      locale: 'de',
      showFunctionCalls: false,
      type: 'test',
    });
    const script = parseHtml(buildScriptTag(s, 'https://api.example.com')).script;
    expect(Object.fromEntries([...(script?.attributes ?? [])].map((a) => [a.name, a.value]))).toEqual({
      src: 'https://YOUR-CDN/widget.js',
      'data-assistant-id': s.assistantId,
      'data-api-base': 'https://api.example.com',
      'data-theme': 'dark',
      'data-color': '#e11d48',
      'data-position': 'top-left',
      'data-locale': 'de',
      'data-title': 'Ask us',
      'data-show-function-calls': 'false',
      async: '',
    });
  });

  it('installs the package with its peer dependencies, @preact/signals among them', () => {
    expect(NPM_INSTALL).toBe('npm install assistant-chat-widget preact @preact/signals');
  });
});

describe('the welcome, the consent line and the pre-chat form in the snippet', () => {
  const welcome = settings({
    subtitle: ' We answer within a minute. ',
    avatar: 'https://images.example/helper.png',
    starters: "Opening hours?\n\n  Book a visit  \nIt's urgent",
    disclaimer: 'See our [privacy policy](https://clinic.example/privacy).',
    consentRequired: true,
    prechat: '[{"name": "email", "label": "Email", "type": "email", "required": true}, {"name": "bad name"}]',
  });

  it('gives the script tag attributes the widget reads back as they were set', () => {
    const { script } = parseHtml(buildScriptTag(welcome, 'https://chat.example/api'));
    expect(script?.getAttribute('data-subtitle')).toBe('We answer within a minute.');
    expect(script?.getAttribute('data-avatar')).toBe('https://images.example/helper.png');
    expect(JSON.parse(script?.getAttribute('data-starters') ?? '')).toEqual(['Opening hours?', 'Book a visit', "It's urgent"]);
    expect(script?.getAttribute('data-disclaimer')).toBe('See our [privacy policy](https://clinic.example/privacy).');
    expect(script?.getAttribute('data-consent')).toBe('required');
    // Only the fields the widget can use.
    expect(JSON.parse(script?.getAttribute('data-prechat') ?? '')).toEqual([{ name: 'email', label: 'Email', type: 'email', required: true }]);
  });

  it('gives the npm usage the same, as JavaScript values', () => {
    const usage = buildNpmUsage(welcome, 'https://chat.example/api');
    expect(usage).toContain(`  starters: ["Opening hours?","Book a visit","It's urgent"],`);
    expect(usage).toContain(`  consent: 'required',`);
    expect(usage).toContain(`  prechat: [{"name":"email","label":"Email","type":"email","required":true}],`);
  });

  it('leaves them all out when they are not set', () => {
    const tag = buildScriptTag(settings(), 'https://chat.example/api');
    expect(tag).not.toMatch(/data-(subtitle|avatar|starters|disclaimer|consent|prechat)/);
  });
});

describe('the extras in the snippet', () => {
  const attributesOf = (s: PlaygroundSettings) => {
    const script = parseHtml(buildScriptTag(s, 'https://chat.example/api')).script;
    return Object.fromEntries([...(script?.attributes ?? [])].map((a) => [a.name, a.value]));
  };
  const EXTRAS = /data-(teaser|teaser-delay|open-after|analytics|size|transcript|voice|sound)=/;

  it.each([
    ['data-teaser', 'Questions? Ask us.', { teaser: ' Questions? Ask us. ' }],
    ['data-open-after', '30s', { openAfter: ' 30s ' }],
    ['data-analytics', 'dataLayer', { analytics: true }],
    ['data-size', 'expandable', { size: 'expandable' as const }],
    ['data-size', 'large', { size: 'large' as const }],
    ['data-transcript', 'true', { transcript: true }],
    ['data-voice', 'dictation', { dictation: true }],
    ['data-sound', 'on', { sound: true }],
  ])('writes %s="%s" when it is turned on, and no other extra', (attribute, value, patch) => {
    const attributes = attributesOf(settings(patch));
    expect(attributes[attribute]).toBe(value);
    const extras = Object.keys(attributes).filter((name) => EXTRAS.test(`${name}=`));
    expect(extras).toEqual([attribute]);
  });

  it('writes the teaser’s delay with the teaser, only when it is not the widget’s 4 s', () => {
    expect(attributesOf(settings({ teaser: 'Hi!', teaserDelay: '8s' }))['data-teaser-delay']).toBe('8s');
    expect(attributesOf(settings({ teaser: 'Hi!', teaserDelay: '4000ms' }))).not.toHaveProperty('data-teaser-delay');
    expect(attributesOf(settings({ teaser: '', teaserDelay: '8s' }))).not.toHaveProperty('data-teaser-delay');
  });

  it('leaves out a time the widget would not read', () => {
    const attributes = attributesOf(settings({ teaser: 'Hi!', teaserDelay: 'soon', openAfter: 'half a minute' }));
    expect(attributes).not.toHaveProperty('data-teaser-delay');
    expect(attributes).not.toHaveProperty('data-open-after');
    expect(attributes['data-teaser']).toBe('Hi!');
  });

  it('writes none of them while they are off, as they are on a first visit', () => {
    expect(buildScriptTag(settings(), 'https://chat.example/api')).not.toMatch(EXTRAS);
    expect(buildNpmUsage(settings(), 'https://chat.example/api')).not.toMatch(/teaser|openAfter|analytics|size|transcript|voice|sound/);
  });

  it('gives the npm usage the same, as JavaScript values', () => {
    const all = settings({
      teaser: 'Questions? Ask us.',
      teaserDelay: '8s',
      openAfter: '30s',
      analytics: true,
      size: 'large',
      transcript: true,
      dictation: true,
      sound: true,
    });
    const usage = buildNpmUsage(all, 'https://chat.example/api');
    for (const line of [
      `  teaser: 'Questions? Ask us.',`,
      `  teaserDelay: '8s',`,
      `  openAfter: '30s',`,
      `  analytics: 'dataLayer',`,
      `  size: 'large',`,
      '  transcript: true,',
      `  voice: 'dictation',`,
      `  sound: 'on',`,
    ]) {
      expect(usage).toContain(line);
    }
  });
});

describe('the gateway command', () => {
  it('runs the gateway in front of the snippet’s API, for this assistant, with the key and the site to fill in', () => {
    const command = buildGatewayCommand(settings({ assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10' }), 'https://api.example.com');
    expect(command).toBe(
      [
        'ASSISTANT_API_KEY=YOUR-API-KEY npx assistant-chat-gateway \\',
        '  --upstream https://api.example.com \\',
        '  --allow-origin https://www.YOUR-SITE.example \\',
        '  --assistant 3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10 \\',
        '  --port 8788',
      ].join('\n'),
    );
  });

  it('quotes an API base a shell would split or expand', () => {
    expect(buildGatewayCommand(settings({ assistantId: '' }), "https://x.example/a b'$c")).toContain(`--upstream 'https://x.example/a b'\\''$c' \\`);
  });
});
