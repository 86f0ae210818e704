/**
 * The widget's configuration: its typed shape, its defaults, and the one pure parser that turns
 * data attributes (script tag), element attributes (`<assistant-chat>`) or JS options into it.
 */
import { isUuid, type FetchLike } from './api/client';
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

/** The settings the parser reads, in dataset spelling (`assistantId` is `data-assistant-id`). */
export const CONFIG_KEYS = [
  'assistantId',
  'apiBase',
  'type',
  'variables',
  'theme',
  'color',
  'position',
  'locale',
  'title',
  'open',
  'showFunctionCalls',
  'storage',
  'nonce',
  'target',
  'inline',
] as const;

/** A setting's key in dataset spelling. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

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
 * Parses data attributes (or element attributes) into a validated config. Pure: reads only `input`
 * and `context`. Every problem yields one sentence for the site owner and, where possible, a default.
 * A missing or malformed assistant id yields `config: null` (no widget).
 */
export function parseConfig(input: Record<string, string | undefined>, context: ConfigContext = {}): ParseResult {
  return build((key) => own(input, key), context);
}

/**
 * The same validation for JavaScript callers (`mount`, `<ChatWidget>`): typed options may still be
 * wrong at run time in plain JavaScript. Booleans and objects are taken as they are; strings as for
 * attributes.
 */
export function resolveOptions(options: object, context: ConfigContext = {}): ParseResult {
  return build((key) => own(options, key), { source: 'options', ...context });
}

const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];
const TYPES: readonly ConversationType[] = ['widget', 'test'];
const STORAGES: readonly StorageChoice[] = ['local', 'session', 'memory'];
const POSITIONS: readonly Position[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LOCALE = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;
const EXAMPLE_ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

function build(read: (key: ConfigKey) => unknown, context: ConfigContext): ParseResult {
  const problems: string[] = [];
  const source = context.source ?? 'script';
  const name = (key: ConfigKey) =>
    source === 'options' ? key : (source === 'script' ? 'data-' : '') + toAttributeName(key);
  const report = (key: ConfigKey, value: string, problem: string) => problems.push(`${name(key)} ${quote(value)} ${problem}`);
  const text = (key: ConfigKey): string | undefined => {
    const value = read(key);
    if (value == null) return undefined;
    if (typeof value === 'string') return value.trim();
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    problems.push(`${name(key)} must be a string; it is ignored.`);
    return undefined;
  };
  /** The setting made by `parse`, or the fallback: silently when it is not set, with a problem when it is not understood. */
  const setting = <T>(key: ConfigKey, parse: (value: string) => T | undefined, fallback: T, problem: string, shown = `${fallback}`): T => {
    const value = text(key);
    if (!value) return fallback;
    const parsed = parse(value);
    if (parsed === undefined) report(key, value, `${problem}; using ${shown}.`);
    return parsed ?? fallback;
  };
  const oneOf = <T extends string>(key: ConfigKey, allowed: readonly T[], fallback: T): T =>
    setting(key, (value) => allowed.find((option) => option === value.toLowerCase()), fallback, `is not one of ${allowed.join(', ')}`, `"${fallback}"`);
  const flag = (key: ConfigKey, fallback: boolean): boolean => {
    const value = text(key);
    if (value === undefined) return fallback;
    if (/^(true)?$/i.test(value)) return true;
    if (/^false$/i.test(value)) return false;
    report(key, value, `should be "true" or "false"; using ${fallback}.`);
    return fallback;
  };

  const rawId = text('assistantId');
  const assistantId = isUuid(rawId) ? rawId.toLowerCase() : undefined;
  if (!assistantId) {
    problems.push(
      `${name('assistantId')} ${rawId ? `${quote(rawId)} is not a valid assistant id (expected ` : "is missing: add your assistant's id ("}a UUID like ${EXAMPLE_ID}). The chat widget is not shown.`,
    );
  }
  const defaultBase = defaultApiBase(context);
  const apiBase = setting('apiBase', (value) => resolveHttpUrl(value, context.pageUrl ?? context.scriptSrc), defaultBase, 'is not an http(s) URL');
  const type = oneOf('type', TYPES, DEFAULTS.type);
  const theme = oneOf('theme', THEMES, DEFAULTS.theme);
  const storage = oneOf('storage', STORAGES, DEFAULTS.storage);
  const position = setting<Position>(
    'position',
    // The platform's snippet writes `right-bottom`.
    (value) => POSITIONS.find((corner) => corner === value.toLowerCase().replace(/^(left|right)-(top|bottom)$/, '$2-$1')),
    DEFAULTS.position,
    'is not a corner (bottom-right, bottom-left, top-right, top-left, or right-bottom…)',
    `"${DEFAULTS.position}"`,
  );
  const color = setting<string>(
    'color',
    (value) => (HEX_COLOR.test(value) ? value.toLowerCase() : undefined),
    DEFAULTS.color,
    `is not a hex colour like ${DEFAULTS.color} (#rgb, #rrggbb or #rrggbbaa)`,
  );
  const locale = setting<string | undefined>(
    'locale',
    (value) => (LOCALE.test(value.replace(/_/g, '-')) ? value.replace(/_/g, '-') : undefined),
    undefined,
    'is not a language tag like "en" or "de-AT"',
    "the page's language",
  );
  const variables = cleanVariables(read('variables'), name('variables'), problems);
  const title = text('title') || undefined;
  const open = flag('open', DEFAULTS.open);
  const showFunctionCalls = flag('showFunctionCalls', DEFAULTS.showFunctionCalls);
  const nonce = text('nonce') || context.nonce || undefined;
  const target = text('target') || undefined;
  const inline = flag('inline', false);

  const config: WidgetConfig | null = assistantId
    ? { assistantId, apiBase, type, variables, theme, color, position, locale, title, open, showFunctionCalls, storage, nonce }
    : null;
  return { config, target, inline, problems };
}

/**
 * Keeps the string, finite number and boolean values of a variables object (given as an object or as
 * JSON text); everything else is left out with a problem named after `label`.
 */
export function cleanVariables(value: unknown, label: string, problems: string[]): Record<string, VariableValue> {
  const out: Record<string, VariableValue> = {};
  if (value == null || value === '') return out;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      problems.push(`${label} is not valid JSON (write it like {"name": "Ada"}); no variables are sent.`);
      return out;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push(`${label} must be a JSON object like {"name": "Ada"}; no variables are sent.`);
    return out;
  }
  const dropped: string[] = [];
  for (const [key, item] of Object.entries(parsed)) {
    // `__proto__` would be taken as the object's prototype, not as a variable.
    if (key !== '__proto__' && (typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item))) out[key] = item;
    else dropped.push(quote(key));
  }
  if (dropped.length) {
    problems.push(`${label}: ${dropped.join(', ')} ${dropped.length > 1 ? 'are' : 'is'} not a string, number or boolean and left out.`);
  }
  return out;
}

function defaultApiBase(context: ConfigContext): string {
  const origins = [context.scriptSrc, context.pageUrl];
  return origins.map((origin) => origin && resolveHttpUrl('/api', origin)).find(Boolean) ?? '/api';
}

function resolveHttpUrl(value: string, base: string | undefined): string | undefined {
  try {
    const url = new URL(value, base);
    return /^https?:$/.test(url.protocol) ? url.href.replace(/\/+$/, '') : undefined;
  } catch {
    // Without a base, a root-relative path is still usable by fetch.
    return !base && /^\/(?!\/)/.test(value) ? value.replace(/\/+$/, '') : undefined;
  }
}

function own(object: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function quote(value: unknown): string {
  const s = String(value);
  return '"' + (s.length > 60 ? s.slice(0, 57) + '…' : s) + '"';
}
