/**
 * The widget's configuration: its typed shape, its defaults, and the one pure parser that turns
 * data attributes (script tag), element attributes (`<assistant-chat>`) or JS options into it.
 */
import { isObject, isUuid, trimBase, type FetchLike } from './api/client';
import type { ConversationType, VariableValue } from './api/types';
import type { Strings } from './ui/strings';

/** `light`, `dark`, or `auto` (follows the visitor's system setting). */
export type Theme = 'light' | 'dark' | 'auto';

/** The corner of the launcher and panel. The platform's `right-bottom` spellings are accepted too. */
export type Position = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/** Where the widget keeps the conversation id and the draft. */
export type StorageChoice = 'local' | 'session' | 'memory';

/** The validated configuration every part of the widget reads. */
export interface WidgetConfig {
  /** `data-assistant-id`: the assistant's public UUID. Required. */
  assistantId: string;
  /** `data-api-base`: the API root. Default: `/api` on the origin the script was loaded from. */
  apiBase: string;
  /** `data-type`: `widget` (billed, default) or `test` (free). */
  type: ConversationType;
  /** `data-variables`: JSON object of values for `{{variables}}`. Default `{}`. */
  variables: Record<string, VariableValue>;
  /** `data-theme`: default `light`. */
  theme: Theme;
  /** `data-color`: accent color, CSS hex. Default `#4f46e5`. */
  color: string;
  /** `data-position`: default `bottom-right`. */
  position: Position;
  /** `data-locale`: `en`, `de`, … Default: the page's `lang`, else the browser's language. */
  locale: string | undefined;
  /** `data-title`: the panel's title. Default: the localized "Chat with us". */
  title: string | undefined;
  /** `data-open`: open the panel on load. Default false. */
  open: boolean;
  /** `data-show-function-calls`: show tool-call cards. Default true. */
  showFunctionCalls: boolean;
  /** `data-storage`: `local` (default), `session` or `memory`. */
  storage: StorageChoice;
  /** `data-nonce`: CSP nonce for the `<style>` fallback. Default: the script tag's own nonce. */
  nonce: string | undefined;
}

/** Defaults for every optional field. */
export const DEFAULTS = {
  type: 'widget',
  theme: 'light',
  color: '#4f46e5',
  position: 'bottom-right',
  open: false,
  showFunctionCalls: true,
  storage: 'local',
} as const;

/** Options only a JavaScript caller can pass (not data attributes). */
export interface RuntimeOptions {
  /** A custom transport, e.g. to go through a proxy that adds auth. */
  fetch?: FetchLike;
  /** Overrides of UI strings, by key (see `Strings` in src/ui/strings.ts), e.g. `{ placeholder: 'Ask us…' }`. */
  strings?: Partial<Strings>;
}

/** How problems name a setting: after the script tag's data attribute, the element's attribute, or the JS option. */
export type ConfigSource = 'script' | 'element' | 'options';

/** What the parser needs to know about where it runs. */
export interface ConfigContext {
  /** The `src` the script was loaded from: the default API base is `/api` on its origin. */
  scriptSrc?: string | undefined;
  /** The page's URL (`document.baseURI`): resolves a relative API base; the default origin when there is no script. */
  pageUrl?: string | undefined;
  /** The script tag's own CSP nonce: the default of `data-nonce`. */
  nonce?: string | undefined;
  /** Names settings in problems as `data-assistant-id` (`script`, default), `assistant-id` (`element`) or `assistantId` (`options`). */
  source?: ConfigSource;
}

/** The outcome of parsing: a config (null when no widget can be shown), where to put it, and what was wrong. */
export interface ParseResult {
  /** The validated config, or null when the assistant id is missing or malformed. */
  config: WidgetConfig | null;
  /** `data-target` / `target`: a CSS selector of the element to render the panel inline into. */
  target: string | undefined;
  /** `inline` (element and JS options): render the panel inside the target, without the floating launcher. */
  inline: boolean;
  /** One sentence per problem, written for the site owner; empty when all is well. */
  problems: string[];
}

/** How a setting is read: its parser (undefined when the value is not understood) and what it should have been. */
type Rule = [parse: (value: string, base?: string) => unknown, problem: string];

/** One of `options`, in any case. The platform's snippet writes corners as `right-bottom`: that reads as `bottom-right`. */
const oneOf = (options: string): Rule => [
  (value) => options.split(', ').find((option) => option === value.toLowerCase().replace(/^(left|right)-(top|bottom)$/, '$2-$1')),
  `is not one of ${options}`,
];
/** Any text. (The assistant id is checked after the others; `variables` goes to {@link cleanVariables}.) */
const TEXT: Rule = [(value) => value, ''];
const FLAG: Rule = [(value) => (/^(true)?$/i.test(value) ? true : /^false$/i.test(value) ? false : undefined), 'is not one of true, false'];
const RULES = {
  assistantId: TEXT,
  apiBase: [resolveHttpUrl, 'is not an http(s) URL'],
  type: oneOf('widget, test'),
  theme: oneOf('light, dark, auto'),
  storage: oneOf('local, session, memory'),
  position: oneOf('bottom-right, bottom-left, top-right, top-left'),
  color: [(value) => (/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value.toLowerCase() : undefined), `is not a hex colour like ${DEFAULTS.color}`],
  locale: [languageTag, 'is not a language tag like de-AT'],
  variables: TEXT,
  title: TEXT,
  open: FLAG,
  showFunctionCalls: FLAG,
  nonce: TEXT,
  target: TEXT,
  inline: FLAG,
} satisfies Record<string, Rule>;

/** A setting's key in dataset spelling (`assistantId` is `data-assistant-id`). */
export type ConfigKey = keyof typeof RULES;

/** The settings the parser reads, in dataset spelling, in the order problems are told. */
export const CONFIG_KEYS = Object.keys(RULES) as ConfigKey[];

/** `assistantId` → `assistant-id`. */
export function toAttributeName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/**
 * Reads every setting from an element's attributes (`prefix` `data-` for the script tag, none for
 * `<assistant-chat>`) into a plain record for {@link parseConfig}. Absent attributes are left out.
 */
export function readAttributes(element: Pick<Element, 'getAttribute'>, prefix: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of CONFIG_KEYS) {
    const value = element.getAttribute(prefix + toAttributeName(key));
    if (value !== null) out[key] = value;
  }
  return out;
}

/**
 * Parses data attributes (or element attributes, or JS options) into a validated config. Pure: reads
 * only the own properties of `input`, and `context`. Every problem yields one sentence for the site
 * owner and, where possible, a default.
 * A missing or malformed assistant id yields `config: null` (no widget).
 */
export function parseConfig(input: Record<string, string | undefined>, context: ConfigContext = {}): ParseResult {
  const problems: string[] = [];
  const { source = 'script', scriptSrc, pageUrl } = context;
  const name = (key: string) => (source === 'options' ? key : (source === 'script' ? 'data-' : '') + toAttributeName(key));
  // Own properties only: a polluted Object.prototype must not configure the widget.
  const settings: Record<string, unknown> = { __proto__: null, ...input };
  const out: Record<string, unknown> = {
    ...DEFAULTS,
    apiBase: resolveHttpUrl('/api', scriptSrc || pageUrl) ?? '/api',
    nonce: context.nonce,
    inline: false,
  };
  for (const key of CONFIG_KEYS) {
    const value = settings[key];
    if (key === 'variables') {
      out[key] = cleanVariables(value, name(key), problems);
    } else if (value != null) {
      const text = String(value).trim();
      const rule: Rule = RULES[key];
      // An empty flag attribute (`data-open`) means true; any other empty setting means "not set".
      const parsed = text || rule === FLAG ? rule[0](text, pageUrl ?? scriptSrc) : undefined;
      // Only the locale has no default of its own.
      if (parsed === undefined && text) problems.push(`${name(key)} "${text}" ${rule[1]}; using ${out[key] ?? "the page's language"}.`);
      out[key] = parsed ?? out[key];
    }
  }
  const { target, inline, assistantId, ...config } = out;
  const id = isUuid(assistantId) && assistantId.toLowerCase();
  if (!id) {
    problems.unshift(`${name('assistantId')} ${assistantId ? `"${assistantId}" is not` : 'is missing: it should be'} a UUID like ${EXAMPLE_ID}. The chat widget is not shown.`);
  }
  return { config: id ? ({ ...config, assistantId: id } as WidgetConfig) : null, target: target as string | undefined, inline: inline as boolean, problems };
}

/** Writes `AssistantChat: message` (then `details`) to the console, for the site owner; nothing when `message` is empty. */
export function log(level: 'warn' | 'error', message: string, ...details: unknown[]): void {
  if (message) console[level]('AssistantChat: ' + message, ...details);
}

// The shape of a UUID, which any site owner's real id can be compared with.
const EXAMPLE_ID = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * Keeps the string, finite number and boolean values of a variables object (given as an object or as
 * JSON text); everything else is left out with a problem named after `label`.
 */
export function cleanVariables(value: unknown, label: string, problems: string[]): Record<string, VariableValue> {
  const out: Record<string, VariableValue> = {};
  if (value == null || value === '') return out;
  try {
    if (typeof value === 'string') value = JSON.parse(value);
  } catch {
    value = null;
  }
  if (!isObject(value)) {
    problems.push(`${label} is not a JSON object like {"name": "Ada"}; no variables are sent.`);
    return out;
  }
  for (const [key, item] of Object.entries(value)) {
    // `__proto__` would be taken as the object's prototype, not as a variable.
    if (key !== '__proto__' && (typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item))) out[key] = item as VariableValue;
    else problems.push(`${label}.${key} is not a string, number or boolean; left out.`);
  }
  return out;
}

/** A language tag such as `de` or `de-AT` (`de_AT` is read as `de-AT`), or undefined when `tag` is none. */
export function languageTag(tag: string | null | undefined): string | undefined {
  const value = (tag ?? '').trim().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(value) ? value : undefined;
}

function resolveHttpUrl(value: string, base: string | undefined): string | undefined {
  try {
    const url = new URL(value, base);
    if (/^https?:$/.test(url.protocol)) return trimBase(url.href);
  } catch {
    // not a URL: reported by the caller
  }
  return undefined;
}

