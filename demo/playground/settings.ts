/**
 * The playground's settings: their typed shape, defaults, validation, and the one parser that turns
 * what was saved (URL hash or localStorage, both untrusted text) back into settings.
 */
import { isUuid } from '../../src/api/client';
import type { ConversationType } from '../../src/api/types';
import { readBootSettings } from '../../src/config/boot';
import { readPanelSettings } from '../../src/config/panel';
import { BOOT_SETTINGS, PANEL_SETTINGS, type Corner, type PrechatField, type Theme } from '../../src/config/table';
import { DEMO_ASSISTANTS } from './assistants';

/** The languages the widget ships; `auto` leaves the choice to the widget (page `lang`, then browser). */
export type LocaleChoice = 'auto' | 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt' | 'pl' | 'tr' | 'ar' | 'he';

/** The panel's size (`data-size`): `expandable` adds an Expand button, `large` starts large. */
export type PanelSize = (typeof PANEL_SETTINGS.size.choices)[number];

/** The data layer the analytics switch names: the one Google Tag Manager reads. */
export const DATA_LAYER = 'dataLayer';

/** One row of the variables editor. `id` is local to the page (a stable key for rendering). */
export interface VariableRow {
  id: string;
  key: string;
  value: string;
}

/** Everything the owner can set on the page. Text fields hold what was typed; see `validateSettings`. */
export interface PlaygroundSettings {
  /** The assistant's public UUID as typed (may be invalid while the owner is pasting). */
  assistantId: string;
  /** The API root as typed; `/api` is the stand-in on this origin. */
  apiBase: string;
  /** Always `test` (free), except for the "no balance" scenario, which needs a billed `widget` conversation. */
  type: ConversationType;
  theme: Theme;
  /** `#rrggbb`. */
  color: string;
  position: Corner;
  locale: LocaleChoice;
  /** Empty: the widget's own localized title. */
  title: string;
  variables: VariableRow[];
  showFunctionCalls: boolean;
  /** A line under the title while the conversation is empty; empty: none. */
  subtitle: string;
  /** The assistant's picture, an https URL as typed; empty: the chat icon. */
  avatar: string;
  /** Starter prompts, one a line, as typed. */
  starters: string;
  /** The line above the composer (markdown links allowed); empty: none. */
  disclaimer: string;
  /** Whether the composer stays locked until the visitor accepts the disclaimer. */
  consentRequired: boolean;
  /** The pre-chat form as JSON text (an array of fields), as typed; empty: no form. */
  prechat: string;
  /** `none`: no round launcher; a link of the page's own opens the chat. */
  launcher: 'default' | 'none';
  /** The launcher's distance from its corner (`24px 88px`), as typed; empty: the default. */
  offset: string;
  /** A signed-in visitor's id (`identify`), as typed; empty: anonymous. */
  visitorId: string;
  /** Their name, sent with the id. */
  visitorName: string;
  /** A line in a bubble beside the closed launcher (`data-teaser`); empty: none. */
  teaser: string;
  /** When the teaser shows, as typed (`8s`); empty: the widget's 4 s. */
  teaserDelay: string;
  /** Opens the panel by itself after this long, as typed (`30s`); empty: never. */
  openAfter: string;
  size: PanelSize;
  /** The "Download conversation" button (`data-transcript`). */
  transcript: boolean;
  /** The chat's events go to `window.dataLayer` (`data-analytics`). */
  analytics: boolean;
  /** A microphone in the composer (`data-voice="dictation"`). */
  dictation: boolean;
  /** A chime for a reply the visitor is not looking at (`data-sound="on"`). */
  sound: boolean;
}

/** Problems with the typed fields, by field; an empty object when everything is usable. */
export interface SettingsErrors {
  assistantId?: string;
  apiBase?: string;
}

/** Where the playground points by default: the stand-in API that `npm run demo` serves on the same origin. */
export const DEFAULT_API_BASE = '/api';

/** The corners, in the order the page lists them. */
export const POSITIONS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** The themes, in the order the page lists them. */
export const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];

/** The locales, in the order the page lists them. */
export const LOCALES: readonly LocaleChoice[] = ['auto', 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr', 'ar', 'he'];

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;
const MAX_TEXT = 200;
const MAX_VARIABLES = 20;
/** The pre-chat form's JSON takes more room than a line of text. */
const MAX_JSON = 2000;

/** A generator of row ids; injected so tests and the parser agree on what they get. */
export type NewId = () => string;

/**
 * The settings a first visit starts with: Northwind Dental in its own look (as picking it would give), the
 * widget's own defaults for the rest, and the variables its greeting uses.
 */
export function defaultSettings(newId: NewId): PlaygroundSettings {
  const [first] = DEMO_ASSISTANTS;
  return {
    assistantId: first.id,
    apiBase: DEFAULT_API_BASE,
    type: 'test',
    theme: first.look.theme ?? BOOT_SETTINGS.theme.default,
    color: first.look.color ?? BOOT_SETTINGS.color.default,
    position: first.look.position ?? BOOT_SETTINGS.position.default,
    locale: 'auto',
    title: '',
    variables: [
      { id: newId(), key: 'name', value: 'Alex' },
      { id: newId(), key: 'clinic', value: 'Northwind Dental' },
    ],
    showFunctionCalls: PANEL_SETTINGS.showFunctionCalls.default,
    subtitle: '',
    avatar: '',
    starters: '',
    disclaimer: '',
    consentRequired: false,
    prechat: '',
    launcher: 'default',
    offset: '',
    visitorId: '',
    visitorName: '',
    teaser: '',
    teaserDelay: '',
    openAfter: '',
    size: PANEL_SETTINGS.size.default,
    transcript: PANEL_SETTINGS.transcript.default,
    analytics: false,
    dictation: false,
    sound: false,
  };
}

/** `#abc` → `#aabbcc`, lower case; anything that is not a hex colour → null. */
export function normalizeHex(text: string): string | null {
  const value = text.trim();
  if (HEX6.test(value)) return value.toLowerCase();
  if (HEX3.test(value)) {
    const [r, g, b] = value.slice(1).toLowerCase();
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

/** True for an API root the widget can call: a path on this origin (`/api`) or an http(s) URL. */
export function isApiBase(text: string): boolean {
  const value = text.trim();
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** Checks the fields the owner types freely, with messages that say how to fix them. */
export function validateSettings(settings: Pick<PlaygroundSettings, 'assistantId' | 'apiBase'>): SettingsErrors {
  const errors: SettingsErrors = {};
  const id = settings.assistantId.trim();
  if (!id) errors.assistantId = 'Paste the assistant’s UUID from the platform, or pick a demo assistant.';
  else if (!isUuid(id)) {
    errors.assistantId =
      'That is not a UUID. An assistant UUID has 36 characters: 8-4-4-4-12 hex digits, ' + 'like 3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10.';
  }
  if (!isApiBase(settings.apiBase)) {
    errors.apiBase = 'Use a path on this site (like /api) or a full URL starting with https://.';
  }
  return errors;
}

/** The starter prompts as the widget takes them: the non-empty lines. */
export function startersOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The pre-chat form as the widget takes it (the widget's own reading of it), or [] when the text is not usable. */
export function prechatOf(text: string): PrechatField[] {
  return text.trim() ? readPanelSettings({ prechat: text }).values.prechat : [];
}

/** What is wrong with the typed starters and pre-chat form, in words for the owner (the widget still mounts). */
export function welcomeProblems(settings: Pick<PlaygroundSettings, 'starters' | 'prechat'>): { starters?: string; prechat?: string } {
  const problems: { starters?: string; prechat?: string } = {};
  const count = startersOf(settings.starters).length;
  if (count > PANEL_SETTINGS.starters.max) problems.starters = `The widget shows the first ${PANEL_SETTINGS.starters.max} of these ${count} prompts.`;
  const issues = settings.prechat.trim() ? readPanelSettings({ prechat: settings.prechat }).issues : [];
  if (issues.some((issue) => issue.kind === 'not-json')) {
    problems.prechat = 'Not a JSON array of fields like [{"name": "email", "label": "Email", "type": "email", "required": true}].';
  } else if (issues.length) {
    problems.prechat = 'Some fields are left out: each needs a name of its own (letters, digits, _) and a type of text, email or tel.';
  }
  return problems;
}

/**
 * A time as the widget reads it (`30s`, `1.5s`, `800ms`, `2m`; a bare number is seconds), in milliseconds;
 * undefined when the text is empty or not a time.
 */
export function durationOf(text: string): number | undefined {
  const value = text.trim();
  if (!value) return undefined;
  const reading = readBootSettings({ openAfter: value });
  return reading.issues.length ? undefined : (reading.values.openAfter as number | undefined);
}

/** The typed times the widget would not understand, in words for the owner (the widget then leaves them out). */
export function extrasProblems(settings: Pick<PlaygroundSettings, 'teaserDelay' | 'openAfter'>): { teaserDelay?: string; openAfter?: string } {
  const problems: { teaserDelay?: string; openAfter?: string } = {};
  const notATime = 'Not a time the widget reads: write it like 800ms, 8s or 2m.';
  if (settings.teaserDelay.trim() && durationOf(settings.teaserDelay) === undefined) problems.teaserDelay = notATime;
  if (settings.openAfter.trim() && durationOf(settings.openAfter) === undefined) problems.openAfter = notATime;
  return problems;
}

/** The time before the chat opens by itself, for the widget and the snippet: as typed when it is a time; else undefined (left out). */
export function openAfterOf(settings: Pick<PlaygroundSettings, 'openAfter'>): string | undefined {
  return durationOf(settings.openAfter) === undefined ? undefined : settings.openAfter.trim();
}

/**
 * The teaser's delay for the widget and the snippet: as typed when it is a time other than the widget's default
 * and there is a teaser to delay; else undefined (left out).
 */
export function teaserDelayOf(settings: Pick<PlaygroundSettings, 'teaser' | 'teaserDelay'>): string | undefined {
  const delay = durationOf(settings.teaserDelay);
  return settings.teaser.trim() && delay !== undefined && delay !== BOOT_SETTINGS.teaserDelay.default ? settings.teaserDelay.trim() : undefined;
}

/** The variables as the API takes them: rows with a key, later rows winning; values stay strings. */
export function variablesOf(rows: readonly VariableRow[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key) variables[key] = row.value;
  }
  return variables;
}

/**
 * Saves settings as URL search parameters (for the hash and for localStorage): only what differs from
 * the defaults, so a shared link stays short.
 */
export function encodeSettings(settings: PlaygroundSettings, defaults: PlaygroundSettings): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string, fallback: string) => {
    if (value !== fallback) params.set(name, value);
  };
  put('assistant', settings.assistantId.trim(), defaults.assistantId);
  put('api', settings.apiBase.trim(), defaults.apiBase);
  put('type', settings.type, defaults.type);
  put('theme', settings.theme, defaults.theme);
  put('color', settings.color, defaults.color);
  put('position', settings.position, defaults.position);
  put('locale', settings.locale, defaults.locale);
  put('title', settings.title, defaults.title);
  put('calls', settings.showFunctionCalls ? 'on' : 'off', defaults.showFunctionCalls ? 'on' : 'off');
  put('subtitle', settings.subtitle, defaults.subtitle);
  put('avatar', settings.avatar, defaults.avatar);
  put('starters', settings.starters, defaults.starters);
  put('disclaimer', settings.disclaimer, defaults.disclaimer);
  put('consent', settings.consentRequired ? 'required' : 'none', defaults.consentRequired ? 'required' : 'none');
  put('prechat', settings.prechat, defaults.prechat);
  put('launcher', settings.launcher, defaults.launcher);
  put('offset', settings.offset, defaults.offset);
  put('visitor', settings.visitorId, defaults.visitorId);
  put('visitorName', settings.visitorName, defaults.visitorName);
  put('teaser', settings.teaser, defaults.teaser);
  put('teaserDelay', settings.teaserDelay, defaults.teaserDelay);
  put('openAfter', settings.openAfter, defaults.openAfter);
  put('size', settings.size, defaults.size);
  put('transcript', onOff(settings.transcript), onOff(defaults.transcript));
  put('analytics', onOff(settings.analytics), onOff(defaults.analytics));
  put('voice', settings.dictation ? 'dictation' : 'none', defaults.dictation ? 'dictation' : 'none');
  put('sound', onOff(settings.sound), onOff(defaults.sound));
  const vars = JSON.stringify(settings.variables.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]));
  const defaultVars = JSON.stringify(defaults.variables.map((row) => [row.key, row.value]));
  if (vars !== defaultVars) params.set('vars', vars);
  return params.toString();
}

/**
 * Reads settings saved by `encodeSettings`. The text may come from a hand-edited link or an old
 * version of the page: anything unknown or malformed falls back to the default for that field.
 */
export function parseSettings(text: string, defaults: PlaygroundSettings, newId: NewId): PlaygroundSettings {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text.replace(/^#/, ''));
  } catch {
    return defaults;
  }
  const str = (name: string, fallback: string, max = MAX_TEXT) => {
    const value = params.get(name);
    return value === null ? fallback : value.slice(0, max);
  };
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(name);
    return allowed.find((option) => option === value) ?? fallback;
  };
  const switchOf = (name: string, fallback: boolean) => (params.has(name) ? params.get(name) === 'on' : fallback);
  return {
    assistantId: str('assistant', defaults.assistantId),
    apiBase: str('api', defaults.apiBase),
    type: pick<ConversationType>('type', ['test', 'widget'], defaults.type),
    theme: pick('theme', THEMES, defaults.theme),
    color: normalizeHex(str('color', '')) ?? defaults.color,
    position: pick('position', POSITIONS, defaults.position),
    locale: pick('locale', LOCALES, defaults.locale),
    title: str('title', defaults.title),
    showFunctionCalls: params.has('calls') ? params.get('calls') !== 'off' : defaults.showFunctionCalls,
    variables: params.has('vars') ? parseVariables(params.get('vars') ?? '', newId) : defaults.variables,
    subtitle: str('subtitle', defaults.subtitle),
    avatar: str('avatar', defaults.avatar),
    starters: str('starters', defaults.starters, MAX_JSON),
    disclaimer: str('disclaimer', defaults.disclaimer, MAX_JSON),
    consentRequired: params.has('consent') ? params.get('consent') === 'required' : defaults.consentRequired,
    prechat: str('prechat', defaults.prechat, MAX_JSON),
    launcher: pick('launcher', ['default', 'none'] as const, defaults.launcher),
    offset: str('offset', defaults.offset),
    visitorId: str('visitor', defaults.visitorId),
    visitorName: str('visitorName', defaults.visitorName),
    teaser: str('teaser', defaults.teaser),
    teaserDelay: str('teaserDelay', defaults.teaserDelay),
    openAfter: str('openAfter', defaults.openAfter),
    size: pick('size', PANEL_SETTINGS.size.choices, defaults.size),
    transcript: switchOf('transcript', defaults.transcript),
    analytics: switchOf('analytics', defaults.analytics),
    dictation: params.has('voice') ? params.get('voice') === 'dictation' : defaults.dictation,
    sound: switchOf('sound', defaults.sound),
  };
}

function onOff(value: boolean): 'on' | 'off' {
  return value ? 'on' : 'off';
}

function parseVariables(text: string, newId: NewId): VariableRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const rows: VariableRow[] = [];
  for (const entry of data.slice(0, MAX_VARIABLES)) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
      rows.push({ id: newId(), key: entry[0].slice(0, MAX_TEXT), value: entry[1].slice(0, MAX_TEXT) });
    }
  }
  return rows;
}

/** The visitor the settings name (`identify`), or undefined for an anonymous one. */
export function visitorOf(settings: Pick<PlaygroundSettings, 'visitorId' | 'visitorName'>): Record<string, string> | undefined {
  const id = settings.visitorId.trim();
  if (!id) return undefined;
  const name = settings.visitorName.trim();
  return name ? { id, name } : { id };
}
