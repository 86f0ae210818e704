/**
 * The code an owner pastes into their site for the settings chosen on the page: the script tag and the
 * npm usage. Production code: `type` is left at its default (`widget`, billed); the API base is always
 * written out, as an absolute URL (the widget's default, `/api` on wherever widget.js is hosted, is
 * rarely the API); the playground's sample variables are shown as a commented example, never as live
 * code (every visitor would be greeted with them); every other setting equal to the widget's default is
 * left out.
 */
import { BOOT_SETTINGS, PANEL_SETTINGS } from '../../src/config/table';
import { DATA_LAYER, openAfterOf, prechatOf, startersOf, teaserDelayOf, variablesOf, visitorOf, type PlaygroundSettings } from './settings';

/** Where the page tells the owner to put the script's real address. */
export const CDN_PLACEHOLDER = 'https://YOUR-CDN/widget.js';

/** The command that installs the npm package with its peer dependencies. */
export const NPM_INSTALL = 'npm install assistant-chat-widget preact @preact/signals';

/** The settings a snippet is made of. */
export type SnippetSettings = Omit<PlaygroundSettings, 'type'>;

/** One attribute (script tag) or option (npm) of the snippet. */
interface Setting {
  option: string;
  attribute: string;
  /** A list (starters, the pre-chat form) or an object (the visitor) is written as JSON. */
  value: string | boolean | readonly unknown[] | Record<string, string>;
}

/**
 * The absolute API root for the snippet: `apiBase` as typed (a path like `/api` or a URL), resolved
 * against the playground page's URL. Unresolvable text comes back trimmed, as it was typed.
 */
export function absoluteApiBase(apiBase: string, pageUrl: string): string {
  const typed = apiBase.trim();
  try {
    return new URL(typed, pageUrl).href.replace(/\/+$/, '');
  } catch {
    return typed;
  }
}

function settingsOf(settings: SnippetSettings, apiBase: string): Setting[] {
  const out: Setting[] = [
    { option: 'assistantId', attribute: 'data-assistant-id', value: settings.assistantId.trim() },
    { option: 'apiBase', attribute: 'data-api-base', value: apiBase },
  ];
  const add = (option: string, attribute: string, value: Setting['value'], fallback: unknown) => {
    if (value !== fallback) out.push({ option, attribute, value });
  };
  add('theme', 'data-theme', settings.theme, BOOT_SETTINGS.theme.default);
  add('color', 'data-color', settings.color.toLowerCase(), BOOT_SETTINGS.color.default);
  add('position', 'data-position', settings.position, BOOT_SETTINGS.position.default);
  add('locale', 'data-locale', settings.locale, 'auto');
  add('title', 'data-title', settings.title.trim(), '');
  add('showFunctionCalls', 'data-show-function-calls', settings.showFunctionCalls, PANEL_SETTINGS.showFunctionCalls.default);
  add('subtitle', 'data-subtitle', settings.subtitle.trim(), '');
  add('avatar', 'data-avatar', settings.avatar.trim(), '');
  const starters = startersOf(settings.starters);
  if (starters.length) out.push({ option: 'starters', attribute: 'data-starters', value: starters });
  add('disclaimer', 'data-disclaimer', settings.disclaimer.trim(), '');
  add('consent', 'data-consent', settings.consentRequired ? 'required' : PANEL_SETTINGS.consent.default, PANEL_SETTINGS.consent.default);
  const prechat = prechatOf(settings.prechat);
  if (prechat.length) out.push({ option: 'prechat', attribute: 'data-prechat', value: prechat });
  add('launcher', 'data-launcher', settings.launcher, BOOT_SETTINGS.launcher.default);
  add('offset', 'data-offset', settings.offset.trim(), '');
  const visitor = visitorOf(settings);
  if (visitor) out.push({ option: 'visitor', attribute: 'data-visitor', value: visitor });
  add('teaser', 'data-teaser', settings.teaser.trim(), '');
  add('teaserDelay', 'data-teaser-delay', teaserDelayOf(settings) ?? '', '');
  add('openAfter', 'data-open-after', openAfterOf(settings) ?? '', '');
  add('analytics', 'data-analytics', settings.analytics ? DATA_LAYER : '', '');
  add('size', 'data-size', settings.size, PANEL_SETTINGS.size.default);
  add('transcript', 'data-transcript', settings.transcript, PANEL_SETTINGS.transcript.default);
  add('voice', 'data-voice', settings.dictation ? 'dictation' : PANEL_SETTINGS.voice.default, PANEL_SETTINGS.voice.default);
  add('sound', 'data-sound', settings.sound ? 'on' : PANEL_SETTINGS.sound.default, PANEL_SETTINGS.sound.default);
  return out;
}

/**
 * The `<script>` tag for the site's HTML, one attribute per line, with an HTML comment above it showing
 * `data-variables` filled with the playground's sample values when there are any.
 * @param apiBase the absolute API root (see {@link absoluteApiBase})
 */
export function buildScriptTag(settings: SnippetSettings, apiBase: string): string {
  const lines: string[] = [];
  const variables = variablesOf(settings.variables);
  if (Object.keys(variables).length) {
    const attribute = `data-variables='${escapeAttribute(JSON.stringify(variables), "'")}'`;
    lines.push(
      '<!-- Optional: the assistant’s {{placeholders}} for this visitor, filled in by your site, e.g.',
      `     ${commentSafe(attribute)} -->`,
    );
  }
  lines.push('<script', `  src="${CDN_PLACEHOLDER}"`);
  for (const { attribute, value } of settingsOf(settings, apiBase)) {
    // JSON reads best between single quotes.
    if (typeof value === 'object') lines.push(`  ${attribute}='${escapeAttribute(JSON.stringify(value), "'")}'`);
    else lines.push(`  ${attribute}="${escapeAttribute(String(value), '"')}"`);
  }
  lines.push('  async', '></script>');
  return lines.join('\n');
}

/**
 * The JavaScript for an app that installs the npm package, with the playground's sample variables as
 * a commented-out option when there are any.
 * @param apiBase the absolute API root (see {@link absoluteApiBase})
 */
export function buildNpmUsage(settings: SnippetSettings, apiBase: string): string {
  const lines = [`import { mount } from 'assistant-chat-widget';`, '', 'const chat = mount(document.body, {'];
  for (const { option, value } of settingsOf(settings, apiBase)) {
    // A list of strings and plain objects, as JSON, is JavaScript too.
    const code = typeof value === 'boolean' ? String(value) : typeof value === 'string' ? jsString(value) : JSON.stringify(value);
    lines.push(`  ${option}: ${code},`);
  }
  const variables = Object.entries(variablesOf(settings.variables));
  if (variables.length) {
    const example = variables.map(([key, value]) => `${jsKey(key)}: ${jsString(value)}`).join(', ');
    lines.push('  // Optional: the assistant’s {{placeholders}} for this visitor, filled in by your app, e.g.', `  // variables: { ${example} },`);
  }
  lines.push('});');
  return lines.join('\n');
}

/**
 * The command that runs the gateway (assistant-chat-gateway, docs/gateway.md) in front of the API the
 * snippet uses: the site's pages then point `data-api-base` at the gateway, which adds the owner's key and
 * keeps strangers' scripts off their balance. The key and the site's origin are placeholders to fill in.
 * @param apiBase the absolute API root (see {@link absoluteApiBase})
 */
export function buildGatewayCommand(settings: SnippetSettings, apiBase: string): string {
  const lines = [
    'ASSISTANT_API_KEY=YOUR-API-KEY npx assistant-chat-gateway',
    `--upstream ${shellWord(apiBase)}`,
    '--allow-origin https://www.YOUR-SITE.example',
  ];
  const assistantId = settings.assistantId.trim();
  if (assistantId) lines.push(`--assistant ${shellWord(assistantId)}`);
  lines.push('--port 8788');
  return lines.join(' \\\n  ');
}

/** `text` as one word of a POSIX shell: as it is when it is plainly safe, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function escapeAttribute(value: string, quote: '"' | "'"): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
}

/**
 * Attribute text that cannot end an HTML comment early: in every run of hyphens all but the first become
 * `&#45;`, which still reads as `-` once the example is copied into an attribute. (`<` is already `&lt;`,
 * so `<!--` cannot appear either.)
 */
function commentSafe(attributeText: string): string {
  return attributeText.replace(/--+/g, (run) => '-' + '&#45;'.repeat(run.length - 1));
}

function jsKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
}

const JS_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A single-quoted JS string; line terminators are escaped, so it also stays inside a `//` comment. */
function jsString(text: string): string {
  const escaped = text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this escapes
    /[\\'\u0000-\u001f\u2028\u2029]/g,
    (char) => JS_ESCAPES[char] ?? '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0'),
  );
  return `'${escaped}'`;
}
