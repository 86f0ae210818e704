/**
 * The widget's settings, each declared once: its name (the `mount()` option and the element's property),
 * how it is read (its kind, and its choices), its default, and which file reads it — the boot (the launcher
 * script every page view loads) or the panel (loaded on the visitor's intent). Everything else is derived:
 * - the data attribute (`data-` and the name in kebab case: `data-show-function-calls`) and the element's
 *   attribute (the same without `data-`): see `./names.ts`;
 * - the types (`BootSettings`, `PanelSettings`, `WidgetConfig`, the options of `mount()`): below;
 * - the readers of each file (`./boot.ts`, `./panel.ts`), which parse each kind; the site owner's message for a
 *   value that is not understood (`./problems.ts`), by kind;
 * - `<assistant-chat>`'s properties (src/element.ts) and their JSX declarations (src/jsx.ts);
 * - the README's attribute table, which test/readme.test.ts holds against this one.
 *
 * A new setting is a line here, its test, and the code that uses it.
 */
import type { VariableValue } from '../api/types';

/**
 * How a setting is read from text (a data attribute) or taken as a JavaScript value:
 * - `uuid`: the assistant's id, in lower case;
 * - `url`: an http(s) URL, resolved against the page (or the script, for the default);
 * - `text`: any text; `image`: an https URL of an image;
 * - `flag`: `true` (or an empty attribute) or `false`, in any case;
 * - `choice`: one of `choices`, in any case;
 * - `corner`: a corner, in either spelling (`right-bottom` or `bottom-right`);
 * - `color`: a CSS hex colour; `offset`: one or two CSS lengths; `integer`: a whole number;
 * - `duration`: a time, `30s`, `1.5s`, `800ms` or `2m` (a bare number is seconds), read as milliseconds;
 * - `name`: a JavaScript name (`dataLayer`);
 * - `locale`: a language tag (`de-AT`, `de_AT`);
 * - `variables`: a JSON object of string, number and boolean values;
 * - `prompts`: a JSON array of non-empty strings (at most `max`);
 * - `fields`: a JSON array of pre-chat form fields (at most `max`).
 */
export type Kind =
  | 'uuid'
  | 'url'
  | 'text'
  | 'image'
  | 'flag'
  | 'choice'
  | 'corner'
  | 'color'
  | 'offset'
  | 'integer'
  | 'duration'
  | 'name'
  | 'locale'
  | 'variables'
  | 'prompts'
  | 'fields';

/** Where a setting can be given: the script tag's data attributes, `<assistant-chat>`'s attributes, `mount()`'s options. */
export type Surface = 'script' | 'element' | 'options';

/** One setting's declaration. */
export interface SettingSpec {
  readonly kind: Kind;
  /** The values of a `choice`. */
  readonly choices?: readonly string[];
  /** The value when the setting is not given or not understood (none: undefined, or what the context gives). */
  readonly default?: unknown;
  /** The most entries of a `prompts` or `fields` list that are used. */
  readonly max?: number;
  /** Where it can be given, when not everywhere. */
  readonly surfaces?: readonly Surface[];
}

/** The corners of the page, as the widget names them. */
export const CORNERS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;

/** The settings the boot reads (it needs them before the panel loads, to draw the launcher and to load the panel). */
export const BOOT_SETTINGS = {
  /** `data-assistant-id`: the assistant's public UUID. Required. */
  assistantId: { kind: 'uuid' },
  /** `data-api-base`: the conversation API root. Default: `/api` on the origin the script was loaded from. */
  apiBase: { kind: 'url', default: '/api' },
  /** `data-theme`: `light` (default), `dark`, or `auto` (follows the visitor's system setting). */
  theme: { kind: 'choice', choices: ['light', 'dark', 'auto'], default: 'light' },
  /** `data-color`: the accent colour, CSS hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`). Default `#4f46e5`. */
  color: { kind: 'color', default: '#4f46e5' },
  /** `data-position`: the corner: `bottom-right` (default), `bottom-left`, `top-right`, `top-left`, or the platform's `right-bottom` spellings. */
  position: { kind: 'corner', default: 'bottom-right' },
  /** `data-offset`: the launcher's distance from its corner, one or two CSS lengths (`24px 88px`: side, then edge). Default `20px 20px`. */
  offset: { kind: 'offset', default: '20px 20px' },
  /** `data-z-index`: the launcher's layer; the open panel is one above it. Default 2147480000. */
  zIndex: { kind: 'integer', default: 2147480000 },
  /** `data-launcher`: `default`, or `none` to hide the round button (open the chat from the page's own). */
  launcher: { kind: 'choice', choices: ['default', 'none'], default: 'default' },
  /** `data-locale`: the visitor's language (`en`, `de`, `fr-CA`…). Default: the page's `lang`, else the browser's. */
  locale: { kind: 'locale' },
  /** `data-title`: the panel's title, which also names the launcher. Default: "Chat with us" in the visitor's language. */
  title: { kind: 'text' },
  /** `data-open`: open the panel on load. Default false. */
  open: { kind: 'flag', default: false },
  /** `data-storage`: where the conversation id, draft and answers are kept: `local` (default), `session` or `memory`. */
  storage: { kind: 'choice', choices: ['local', 'session', 'memory'], default: 'local' },
  /** `data-nonce`: the CSP nonce of the `<style>` fallback. Default: the script tag's own nonce. */
  nonce: { kind: 'text' },
  /** `data-target`: a CSS selector of an element to render the chat inline into, without the floating launcher. */
  target: { kind: 'text', surfaces: ['script', 'options'] },
  /** `inline` (element and `mount()`): only the panel, always shown, inside the element. Default false. */
  inline: { kind: 'flag', default: false, surfaces: ['element', 'options'] },
  /** `data-teaser`: a short line shown in a bubble beside the closed launcher (after `data-teaser-delay`); a click opens the chat. */
  teaser: { kind: 'text' },
  /** `data-teaser-delay`: how long after the page loads the teaser shows. Default `4s`. */
  teaserDelay: { kind: 'duration', default: 4000 },
  /** `data-open-after`: open the panel by itself after this long (`30s`), once per visit, on wide screens only (never on a phone). */
  openAfter: { kind: 'duration' },
  /** `data-analytics`: the name of the page's data layer (`dataLayer`) that gets the chat's events, never its text. */
  analytics: { kind: 'name' },
} as const satisfies Record<string, SettingSpec>;

/** The settings only the panel reads (parsed when it loads, so the boot carries none of their rules). */
export const PANEL_SETTINGS = {
  /** `data-type`: `widget` (billed per visitor message, the default) or `test` (free; for trying things out). */
  type: { kind: 'choice', choices: ['widget', 'test'], default: 'widget' },
  /** `data-variables`: a JSON object of values for the `{{variables}}` of the assistant's prompt and greeting. Default `{}`. */
  variables: { kind: 'variables', default: {} },
  /** `data-show-function-calls`: show the cards of the tools the assistant ran. Default true. */
  showFunctionCalls: { kind: 'flag', default: true },
  /** `data-subtitle`: a line under the title in the welcome. */
  subtitle: { kind: 'text' },
  /** `data-avatar`: an https image for the header and the welcome (loaded when the panel opens). */
  avatar: { kind: 'image' },
  /** `data-starters`: a JSON array of up to four prompts shown in the welcome; a click sends one. Default `[]`. */
  starters: { kind: 'prompts', default: [], max: 4 },
  /** `data-disclaimer`: a short line above the composer (markdown links allowed). */
  disclaimer: { kind: 'text' },
  /** `data-consent`: `required` locks the composer until the visitor accepts the disclaimer. Default `none`. */
  consent: { kind: 'choice', choices: ['none', 'required'], default: 'none' },
  /** `data-prechat`: a JSON array of up to six fields asked before the conversation starts; the answers become variables. Default `[]`. */
  prechat: { kind: 'fields', default: [], max: 6 },
  /**
   * `data-visitor`, `identify()`: who the visitor is (`{"id": "42", "name": "Ada"}`). Their values reach the assistant as
   * variables of the next conversation, and their `id` keeps their stored conversation apart. Default `{}`.
   */
  visitor: { kind: 'variables', default: {} },
  /** `data-size`: `normal` (default), `expandable` (an Expand button in the header) or `large` (starts large, with the button). */
  size: { kind: 'choice', choices: ['normal', 'expandable', 'large'], default: 'normal' },
  /** `data-transcript`: a "Download conversation" button in the header. Default false. */
  transcript: { kind: 'flag', default: false },
  /** `data-voice`: `none` (default) or `dictation` (a microphone button in the composer, where the browser can listen). */
  voice: { kind: 'choice', choices: ['none', 'dictation'], default: 'none' },
  /** `data-sound`: `on` plays a short chime for a reply the visitor is not looking at (with a mute button). Default `off`. */
  sound: { kind: 'choice', choices: ['off', 'on'], default: 'off' },
} as const satisfies Record<string, SettingSpec>;

/** Every setting. */
export const SETTINGS = { ...BOOT_SETTINGS, ...PANEL_SETTINGS };

/** The name of a setting the boot reads. */
export type BootSettingName = keyof typeof BOOT_SETTINGS;
/** The name of a setting the panel reads. */
export type PanelSettingName = keyof typeof PANEL_SETTINGS;
/** The name of any setting. */
export type SettingName = BootSettingName | PanelSettingName;

/** A corner of the page, as the widget names it: what the reader makes of every spelling of `Position`. */
export type Corner = (typeof CORNERS)[number];

/**
 * The corner of the launcher and panel: a {@link Corner}, or the platform's own spelling of it (`right-bottom`,
 * `left-bottom`, `right-top`, `left-top`).
 */
export type Position = Corner | 'right-bottom' | 'left-bottom' | 'right-top' | 'left-top';

/** `light`, `dark`, or `auto` (follows the visitor's system setting). */
export type Theme = (typeof BOOT_SETTINGS.theme.choices)[number];

/** Where the widget keeps the conversation id and the draft. */
export type StorageChoice = (typeof BOOT_SETTINGS.storage.choices)[number];

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

/** The value a setting of kind `S` has once read. */
type ValueOf<S extends SettingSpec> = S extends { kind: 'choice'; choices: readonly (infer C)[] }
  ? C
  : S['kind'] extends 'flag'
    ? boolean
    : S['kind'] extends 'integer' | 'duration'
      ? number
      : S['kind'] extends 'corner'
        ? Corner
        : S['kind'] extends 'variables'
          ? Record<string, VariableValue>
          : S['kind'] extends 'prompts'
            ? string[]
            : S['kind'] extends 'fields'
              ? PrechatField[]
              : string;

/** What a developer may pass for a setting of kind `S` (a data attribute is always text). */
type InputOf<S extends SettingSpec> = S['kind'] extends 'corner'
  ? Position
  : S['kind'] extends 'integer' | 'duration'
    ? number | string
    : S['kind'] extends 'variables'
      ? Record<string, VariableValue> | string
      : S['kind'] extends 'prompts'
        ? readonly string[] | string
        : S['kind'] extends 'fields'
          ? readonly Partial<PrechatField>[] | string
          : ValueOf<S>;

/** A table's settings once read: each setting's value, undefined where it has no default and was not given. */
export type Values<T extends Record<string, SettingSpec>> = {
  -readonly [K in keyof T]: T[K] extends { default: unknown } ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
};

/** What a developer may pass for a table's settings (all optional). */
export type Inputs<T extends Record<string, SettingSpec>> = { -readonly [K in keyof T]?: InputOf<T[K]> };

/** The settings the boot reads, as read. `apiBase` always has a value; `assistantId` is the one the widget was mounted with. */
export type BootSettings = Omit<Values<typeof BOOT_SETTINGS>, 'assistantId' | 'apiBase' | 'target'> & { assistantId: string; apiBase: string };

/** The settings the panel reads, as read. */
export type PanelSettings = Values<typeof PANEL_SETTINGS>;

/** The validated configuration every part of the panel reads: the boot's settings and the panel's. */
export type WidgetConfig = BootSettings & PanelSettings;

/** The settings as a developer passes them to `mount()` (all optional but the assistant id). */
export type SettingInputs = Inputs<typeof SETTINGS>;
