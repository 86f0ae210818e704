/**
 * The settings only the panel needs (`data-type`, `data-variables`, `data-starters`, `data-prechat`, …),
 * parsed when the panel loads so that the launcher script carries none of their rules. Parsing yields
 * values and, for what it did not understand, `Issue`s: data, not words. The words for the site owner are
 * in ./problems.ts, which the panel loads only when there is something to tell.
 */
import { isObject } from '../api/json';
import type { VariableValue } from '../api/types';
import type { PanelSettings, PrechatField } from '../config';
import { applyRules, flag, oneOf, type Parse } from '../rules';

/** The defaults of the panel's settings (the launcher's: `DEFAULTS` in src/config.ts). */
export const PANEL_DEFAULTS = {
  type: 'widget',
  showFunctionCalls: true,
  consent: 'none',
} as const;

/** The conversation types (`data-type`) and consent choices (`data-consent`). */
export const PANEL_CHOICES = {
  type: 'widget, test',
  consent: 'none, required',
} as const;

/** The most starter prompts shown, and the most fields of a pre-chat form. */
export const MAX_STARTERS = 4;
export const MAX_FIELDS = 6;

/** An https URL (an image the widget may load). */
const httpsUrl: Parse = (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** Any text. */
const text: Parse = (value) => value;

const PANEL_RULES = {
  type: oneOf(PANEL_CHOICES.type),
  showFunctionCalls: flag,
  subtitle: text,
  avatar: httpsUrl,
  disclaimer: text,
  consent: oneOf(PANEL_CHOICES.consent),
} satisfies Record<string, Parse>;

/**
 * Something in the settings that was not understood (the default, or what could be read, is used):
 * - `invalid`: the value of `setting` (a key in dataset spelling);
 * - `not-json`: `setting` is not the JSON it should be (variables: an object; starters, prechat: an array);
 * - `left-out`: an entry of `setting` (its `key` or index) could not be used;
 * - `too-many`: `setting` has `count` entries, more than the widget shows.
 */
export type Issue =
  | { kind: 'invalid'; setting: string }
  | { kind: 'not-json'; setting: 'variables' | 'visitor' | 'starters' | 'prechat' }
  | { kind: 'left-out'; setting: 'variables' | 'visitor' | 'starters' | 'prechat'; key: string | number }
  | { kind: 'too-many'; setting: 'starters' | 'prechat'; count: number };

/** The panel's settings as used, and what was not understood in them. */
export interface PanelParseResult {
  settings: PanelSettings;
  issues: Issue[];
}

/** Parses the panel's settings (as the launcher handed them on, or a developer gave them). */
export function parsePanelSettings(settings: Record<string, unknown>): PanelParseResult {
  const out: Record<string, unknown> = { ...PANEL_DEFAULTS };
  const issues: Issue[] = applyRules({ __proto__: null, ...settings }, PANEL_RULES, out).map((setting) => ({ kind: 'invalid', setting }));
  out.variables = cleanVariables(settings.variables, issues);
  out.visitor = cleanVariables(settings.visitor, issues, 'visitor');
  out.starters = cleanStarters(settings.starters, issues);
  out.prechat = cleanPrechat(settings.prechat, issues);
  return { settings: out as unknown as PanelSettings, issues };
}

/** A JSON value given as text (a data attribute) or as itself (a developer's option); undefined when it is not JSON. */
function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the string, finite number and boolean values of a variables object (given as an object or as JSON
 * text); everything else is left out (an issue each). The visitor's values are read the same way.
 */
export function cleanVariables(value: unknown, issues: Issue[], setting: 'variables' | 'visitor' = 'variables'): Record<string, VariableValue> {
  const out: Record<string, VariableValue> = {};
  if (value == null || value === '') return out;
  const given = fromJson(value);
  if (!isObject(given)) {
    issues.push({ kind: 'not-json', setting });
    return out;
  }
  for (const [key, item] of Object.entries(given)) {
    // `__proto__` would be taken as the object's prototype, not as a variable.
    if (key !== '__proto__' && (typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item))) out[key] = item as VariableValue;
    else issues.push({ kind: 'left-out', setting, key });
  }
  return out;
}

/** Up to four starter prompts: the non-empty strings of a JSON array. */
function cleanStarters(value: unknown, issues: Issue[]): string[] {
  if (value == null || value === '') return [];
  const list = fromJson(value);
  if (!Array.isArray(list)) {
    issues.push({ kind: 'not-json', setting: 'starters' });
    return [];
  }
  const prompts: string[] = [];
  list.forEach((item, index) => {
    if (typeof item === 'string' && item.trim()) prompts.push(item.trim());
    else issues.push({ kind: 'left-out', setting: 'starters', key: index });
  });
  if (prompts.length > MAX_STARTERS) issues.push({ kind: 'too-many', setting: 'starters', count: prompts.length });
  return prompts.slice(0, MAX_STARTERS);
}

/**
 * The fields of a pre-chat form: a JSON array (or `{ "fields": [...] }`) of `{ name, label, type, required }`,
 * `name` a variable name of its own, `type` one of text, email, tel (default text).
 */
function cleanPrechat(value: unknown, issues: Issue[]): PrechatField[] {
  if (value == null || value === '') return [];
  const given = fromJson(value);
  const list = isObject(given) ? given.fields : given;
  if (!Array.isArray(list)) {
    issues.push({ kind: 'not-json', setting: 'prechat' });
    return [];
  }
  const fields: PrechatField[] = [];
  list.forEach((field: unknown, index) => {
    const entry = isObject(field) ? field : {};
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    const type = entry.type ?? 'text';
    const usable = /^[A-Za-z_]\w{0,39}$/.test(name) && !fields.some((other) => other.name === name) && (type === 'text' || type === 'email' || type === 'tel');
    if (!usable) return void issues.push({ kind: 'left-out', setting: 'prechat', key: index });
    const label = typeof entry.label === 'string' && entry.label.trim() ? entry.label.trim() : name;
    fields.push({ name, label, type, required: entry.required === true });
  });
  if (fields.length > MAX_FIELDS) issues.push({ kind: 'too-many', setting: 'prechat', count: fields.length });
  return fields.slice(0, MAX_FIELDS);
}
