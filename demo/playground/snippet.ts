/**
 * The code an owner pastes into their site for the settings chosen on the page: the script tag and the
 * npm usage. Production code: `type` is left at its default (`widget`, billed), and every attribute or
 * option that equals the widget's default is left out.
 */
import { DEFAULTS } from '../../src/config';
import { DEFAULT_API_BASE, variablesOf, type PlaygroundSettings } from './settings';

/** Where the page tells the owner to put the script's real address. */
export const CDN_PLACEHOLDER = 'https://YOUR-CDN/widget.js';

/** The command that installs the npm package (npm 7+ installs the Preact peer dependencies too). */
export const NPM_INSTALL = 'npm install assistant-chat-widget';

type SnippetSettings = Omit<PlaygroundSettings, 'type'>;

/** One attribute or option that differs from the widget's default, by its option name. */
interface Setting {
  option: string;
  attribute: string;
  value: string | boolean | Record<string, string>;
}

function nonDefaults(settings: SnippetSettings): Setting[] {
  const out: Setting[] = [{ option: 'assistantId', attribute: 'data-assistant-id', value: settings.assistantId.trim() }];
  const add = (option: string, attribute: string, value: Setting['value'], fallback: unknown) => {
    if (value !== fallback) out.push({ option, attribute, value });
  };
  add('apiBase', 'data-api-base', settings.apiBase.trim(), DEFAULT_API_BASE);
  add('theme', 'data-theme', settings.theme, DEFAULTS.theme);
  add('color', 'data-color', settings.color.toLowerCase(), DEFAULTS.color);
  add('position', 'data-position', settings.position, DEFAULTS.position);
  add('locale', 'data-locale', settings.locale, 'auto');
  add('title', 'data-title', settings.title.trim(), '');
  add('showFunctionCalls', 'data-show-function-calls', settings.showFunctionCalls, DEFAULTS.showFunctionCalls);
  const variables = variablesOf(settings.variables);
  if (Object.keys(variables).length) out.push({ option: 'variables', attribute: 'data-variables', value: variables });
  return out;
}

/** The `<script>` tag for the site's HTML, one attribute per line. */
export function buildScriptTag(settings: SnippetSettings): string {
  const lines = [`<script`, `  src="${CDN_PLACEHOLDER}"`];
  for (const { attribute, value } of nonDefaults(settings)) {
    if (typeof value === 'object') {
      // JSON's own double quotes stay readable inside a single-quoted attribute.
      lines.push(`  ${attribute}='${escapeAttribute(JSON.stringify(value), "'")}'`);
    } else {
      lines.push(`  ${attribute}="${escapeAttribute(String(value), '"')}"`);
    }
  }
  lines.push('  async', '></script>');
  return lines.join('\n');
}

/** The JavaScript for an app that installs the npm package. */
export function buildNpmUsage(settings: SnippetSettings): string {
  const lines = [`import { mount } from 'assistant-chat-widget';`, '', 'const chat = mount(document.body, {'];
  for (const { option, value } of nonDefaults(settings)) {
    lines.push(`  ${option}: ${jsValue(value)},`);
  }
  lines.push('});');
  return lines.join('\n');
}

function escapeAttribute(value: string, quote: '"' | "'"): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
}

function jsValue(value: Setting['value']): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return jsString(value);
  const entries = Object.entries(value).map(([key, item]) => `${jsKey(key)}: ${jsString(item)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

function jsKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
}

const JS_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function jsString(text: string): string {
  const escaped = text.replace(
    /[\\'\u0000-\u001f\u2028\u2029]/g,
    (char) => JS_ESCAPES[char] ?? '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0'),
  );
  return `'${escaped}'`;
}
