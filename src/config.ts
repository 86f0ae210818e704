/**
 * The widget's configuration: its typed shape, its defaults, and the one pure parser that turns
 * data attributes (script tag), element attributes (`<assistant-chat>`) or JS options into it.
 */
import { isUuid, type FetchLike } from './api/client';
import { trimBase } from './api/url';
import { languageTag } from './boot/language';
import type { ConversationType, VariableValue } from './api/types';
import type { ChallengeProvider } from './api/challenge';
import type { Strings } from './ui/strings';
import { applyRules, flag, oneOf, type Parse } from './rules';

export { applyRules, flag, oneOf, type Parse } from './rules';
export { log } from './log';

/** `light`, `dark`, or `auto` (follows the visitor's system setting). */
export type Theme = 'light' | 'dark' | 'auto';

/** A corner of the page, as the widget names it: what the parser makes of every spelling of `Position`. */
export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/**
 * The corner of the launcher and panel: a {@link Corner}, or the platform's own spelling of it
 * (`right-bottom`, `left-bottom`, `right-top`, `left-top`), which the parser reads as `bottom-right` and so on.
 */
export type Position = Corner | 'right-bottom' | 'left-bottom' | 'right-top' | 'left-top';

/** Where the widget keeps the conversation id and the draft. */
export type StorageChoice = 'local' | 'session' | 'memory';

/** The settings the launcher needs: parsed by the script tag itself, before the panel loads. */
export interface LauncherConfig {
  /** `data-assistant-id`: the assistant's public UUID. Required. */
  assistantId: string;
  /** `data-api-base`: the API root. Default: `/api` on the origin the script was loaded from. */
  apiBase: string;
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
  /** `data-storage`: `local` (default), `session` or `memory`. */
  storage: StorageChoice;
  /** `data-nonce`: CSP nonce for the `<style>` fallback. Default: the script tag's own nonce. */
  nonce: string | undefined;
  /** `data-launcher`: `default`, or `none` to hide the round button (open the chat from your own button). */
  launcher: 'default' | 'none';
  /**
   * `data-offset`: the launcher's (and panel's) distance from the side and from the top or bottom edge, one or
   * two CSS lengths (`24px 88px`: 24px from the side, 88px from the edge, clear of a cookie bar). Default `20px`.
   */
  offset: string;
  /** `data-z-index`: the widget's layer on the page. Default 2147480000 (above nearly everything). */
  zIndex: number;
}

/** The settings only the panel needs: parsed when it loads (src/panel/settings.ts). */
export interface PanelSettings {
  /** `data-type`: `widget` (billed, default) or `test` (free). */
  type: ConversationType;
  /** `data-variables`: JSON object of values for `{{variables}}`. Default `{}`. */
  variables: Record<string, VariableValue>;
  /** `data-show-function-calls`: show tool-call cards. Default true. */
  showFunctionCalls: boolean;
  /** `data-subtitle`: a line under the title when the conversation is empty. */
  subtitle: string | undefined;
  /** `data-avatar`: an https image URL shown in the header and the welcome (loaded when the panel opens). */
  avatar: string | undefined;
  /** `data-starters`: up to four prompts (a JSON array of strings) the visitor can send with one click. */
  starters: string[];
  /** `data-disclaimer`: a short line above the composer (markdown links allowed), e.g. what happens to messages. */
  disclaimer: string | undefined;
  /** `data-consent`: `required` locks the composer until the visitor accepts the disclaimer. Default `none`. */
  consent: 'none' | 'required';
  /** `data-prechat`: a form asked before the conversation starts; its answers become variables. */
  prechat: PrechatField[];
  /**
   * `data-visitor`, `identify()`: who the visitor is. Its values reach the assistant as variables of the next
   * conversation, and its `id` keeps their stored conversation apart from other people's on the device.
   */
  visitor: Visitor;
}

/** Who the visitor is: `id` (their account's, never shown) and any values such as `name` or `email`. */
export type Visitor = Record<string, VariableValue>;

/** One field of the pre-chat form (`data-prechat`). */
export interface PrechatField {
  /** The variable the answer fills (`{{name}}` in the assistant's prompt and greeting). */
  name: string;
  /** What the visitor reads. */
  label: string;
  type: 'text' | 'email' | 'tel';
  required: boolean;
}

/** The validated configuration every part of the widget reads. */
export interface WidgetConfig extends LauncherConfig, PanelSettings {}

/** The defaults of the launcher's settings (the panel's are in src/panel/settings.ts, `PANEL_DEFAULTS`). */
export const DEFAULTS = {
  theme: 'light',
  color: '#4f46e5',
  position: 'bottom-right',
  open: false,
  storage: 'local',
  launcher: 'default',
  offset: '20px 20px',
  zIndex: 2147480000,
} as const;

/** Options only a JavaScript caller can pass (not data attributes). */
export interface RuntimeOptions {
  /** A custom transport, e.g. to go through a proxy that adds auth. */
  fetch?: FetchLike;
  /** Overrides of UI strings, by key (see `Strings` in src/ui/strings.ts), e.g. `{ placeholder: 'Ask us…' }`. */
  strings?: Partial<Strings>;
  /** The site's bot check for its gateway: returns a token (e.g. Cloudflare Turnstile's) before each new conversation. */
  challenge?: ChallengeProvider;
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
export interface ParseResult<Config = WidgetConfig> {
  /** The validated config, or null when the assistant id is missing or malformed. */
  config: Config | null;
  /** `data-target` / `target`: a CSS selector of the element to render the panel inline into. */
  target: string | undefined;
  /** `inline` (element and JS options): render the panel inside the target, without the floating launcher. */
  inline: boolean;
  /** One sentence per problem, written for the site owner; empty when all is well. */
  problems: string[];
}

/** The values of the settings that are one of a list (the problems the panel reports name them too). */
export const CHOICES = {
  theme: 'light, dark, auto',
  storage: 'local, session, memory',
  launcher: 'default, none',
  position: 'bottom-right, bottom-left, top-right, top-left',
} as const;

/** Any text. */
const text: Parse = (value) => value;

/** One or two CSS lengths (`24px`, `24px 88px`; px, rem, em, vw, vh or %), as `x y`. */
const offset: Parse = (value) => {
  const lengths = value.split(/\s+/);
  const isLength = (length: string) => /^(0|-?\d*\.?\d+(px|rem|em|vw|vh|%))$/i.test(length);
  return lengths.length < 3 && lengths.every(isLength) ? `${lengths[0]} ${lengths[1] ?? lengths[0]}` : undefined;
};

/** A whole number (a z-index). */
const integer: Parse = (value) => (/^-?\d{1,10}$/.test(value) ? Number(value) : undefined);

/** A CSS hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), in lower case. */
const hexColor: Parse = (value) => (/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value.toLowerCase() : undefined);

/** How the launcher's settings are read. (Their problems are told by the panel: src/panel/settings.ts.) */
export const LAUNCHER_RULES = {
  assistantId: text,
  apiBase: resolveHttpUrl,
  theme: /* @__PURE__ */ oneOf(CHOICES.theme),
  storage: /* @__PURE__ */ oneOf(CHOICES.storage),
  position: /* @__PURE__ */ oneOf(CHOICES.position),
  color: hexColor,
  locale: languageTag,
  title: text,
  open: flag,
  nonce: text,
  launcher: /* @__PURE__ */ oneOf(CHOICES.launcher),
  offset,
  zIndex: integer,
  target: text,
  inline: flag,
} satisfies Record<string, Parse>;

/** The settings only the panel reads (src/panel/settings.ts parses them). */
export const PANEL_KEYS = ['type', 'variables', 'showFunctionCalls', 'subtitle', 'avatar', 'starters', 'disclaimer', 'consent', 'prechat', 'visitor'] as const;

/** A setting's key in dataset spelling (`assistantId` is `data-assistant-id`). */
export type ConfigKey = keyof typeof LAUNCHER_RULES | (typeof PANEL_KEYS)[number];

/** Every setting, in dataset spelling (a function, so that bundles that never ask carry no list). */
export function configKeys(): ConfigKey[] {
  return [...(Object.keys(LAUNCHER_RULES) as ConfigKey[]), ...PANEL_KEYS];
}

/** `assistantId` → `assistant-id`. */
export function toAttributeName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** How problems name the setting `key`: `data-assistant-id` (script), `assistant-id` (element) or `assistantId` (options). */
export function settingName(key: string, source: ConfigSource = 'script'): string {
  return source === 'options' ? key : (source === 'script' ? 'data-' : '') + toAttributeName(key);
}

/**
 * Reads every setting from an element's attributes (`prefix` `data-` for the script tag, none for
 * `<assistant-chat>`) into a plain record. Absent attributes are left out.
 */
export function readAttributes(element: Pick<Element, 'getAttribute'>, prefix: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of configKeys()) {
    const value = element.getAttribute(prefix + toAttributeName(key));
    if (value !== null) out[key] = value;
  }
  return out;
}

/** What the launcher makes of its settings, and the keys of the values it did not understand. */
export interface LauncherParseResult extends ParseResult<LauncherConfig> {
  /** Settings whose values were not understood (their defaults are used); the panel tells the site owner. */
  invalid: string[];
  /** The launcher's settings as used (the defaults in place of what was not understood), even without a config. */
  values: Record<string, unknown>;
}

/** The assistant id's name where it comes from, as `settingName` gives it (spelled out: the launcher needs no more). */
const ASSISTANT_ID_NAMES: Record<ConfigSource, string> = { script: 'data-assistant-id', element: 'assistant-id', options: 'assistantId' };

/**
 * Parses what the launcher needs from data attributes (or element attributes, or JS options) into a
 * validated config, without a word about values it does not understand (it uses their defaults and lists
 * them in `invalid`; the panel names them when it loads, so the launcher script carries no messages).
 * Pure: reads only the own properties of `input`, and `context`. A missing or malformed assistant id yields
 * `config: null` (no widget) and the one problem the launcher tells itself.
 */
export function parseLauncherConfig(input: Record<string, unknown>, context: ConfigContext = {}): LauncherParseResult {
  const { scriptSrc, pageUrl } = context;
  // Own properties only: a polluted Object.prototype must not configure the widget.
  const settings: Record<string, unknown> = { __proto__: null, ...input };
  const out: Record<string, unknown> = {
    ...DEFAULTS,
    apiBase: resolveHttpUrl('/api', scriptSrc || pageUrl) ?? '/api',
    nonce: context.nonce,
    inline: false,
  };
  const invalid = applyRules(settings, LAUNCHER_RULES, out, pageUrl ?? scriptSrc);
  const { target, inline, assistantId, ...config } = out;
  const id = isUuid(assistantId) && assistantId.toLowerCase();
  const problems = id
    ? []
    : [
        `${ASSISTANT_ID_NAMES[context.source ?? 'script']} ${assistantId ? `"${assistantId}" is not` : 'is missing: it should be'} a UUID like ${EXAMPLE_ID}. The chat widget is not shown.`,
      ];
  return {
    config: id ? ({ ...config, assistantId: id } as LauncherConfig) : null,
    invalid,
    values: config,
    target: target as string | undefined,
    inline: inline as boolean,
    problems,
  };
}

// The shape of a UUID, which any site owner's real id can be compared with.
const EXAMPLE_ID = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/** An http(s) URL, resolved against `base`, without trailing slashes. */
function resolveHttpUrl(value: string, base?: string): string | undefined {
  try {
    const url = new URL(value, base);
    if (/^https?:$/.test(url.protocol)) return trimBase(url.href);
  } catch {
    // not a URL: reported by the caller
  }
  return undefined;
}

