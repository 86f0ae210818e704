/**
 * How the panel reads its settings (`PANEL_SETTINGS`: the type, the variables, the welcome, the consent line and
 * the pre-chat form, the visitor), when it loads and each time they change: the boot carries none of these rules.
 */
import { isObject } from '../api/json';
import type { VariableValue } from '../api/types';
import { choice, flag, text } from './kinds';
import { readSettings, type Issue, type Parse, type Parsers, type Reading } from './read';
import { PANEL_SETTINGS, type PanelSettings, type PrechatField } from './table';

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
 * The string, finite number and boolean values of an object (given as an object or as JSON text); everything
 * else is left out (an issue each). Undefined (an issue) when it is no object at all.
 */
const variables: Parse = (value, _spec, issues, setting) => {
  const given = fromJson(value);
  if (!isObject(given)) return void issues.push({ kind: 'not-json', setting });
  const out: Record<string, VariableValue> = {};
  for (const [key, item] of Object.entries(given)) {
    // `__proto__` would be taken as the object's prototype, not as a variable.
    if (key !== '__proto__' && (typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item))) out[key] = item as VariableValue;
    else issues.push({ kind: 'left-out', setting, key });
  }
  return out;
};

/** The first `max` entries of a list, and an issue when there were more. */
function atMost<T>(list: T[], max: number | undefined, issues: Issue[], setting: string): T[] {
  if (max !== undefined && list.length > max) issues.push({ kind: 'too-many', setting, count: list.length });
  return list.slice(0, max);
}

/** Prompts: the non-empty strings of a JSON array. */
const prompts: Parse = (value, { max }, issues, setting) => {
  const list = fromJson(value);
  if (!Array.isArray(list)) return void issues.push({ kind: 'not-json', setting });
  const kept: string[] = [];
  list.forEach((item, index) => {
    if (typeof item === 'string' && item.trim()) kept.push(item.trim());
    else issues.push({ kind: 'left-out', setting, key: index });
  });
  return atMost(kept, max, issues, setting);
};

/**
 * The fields of a pre-chat form: a JSON array (or `{ "fields": [...] }`) of `{ name, label, type, required }`,
 * `name` a variable name of its own, `type` one of text, email, tel (default text).
 */
const fields: Parse = (value, { max }, issues, setting) => {
  const given = fromJson(value);
  const list = isObject(given) ? given.fields : given;
  if (!Array.isArray(list)) return void issues.push({ kind: 'not-json', setting });
  const kept: PrechatField[] = [];
  list.forEach((field: unknown, index) => {
    const entry = isObject(field) ? field : {};
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    const type = entry.type ?? 'text';
    const usable =
      /^[A-Za-z_]\w{0,39}$/.test(name) && !kept.some((other) => other.name === name) && (type === 'text' || type === 'email' || type === 'tel');
    if (!usable) return void issues.push({ kind: 'left-out', setting, key: index });
    const label = typeof entry.label === 'string' && entry.label.trim() ? entry.label.trim() : name;
    kept.push({ name, label, type, required: entry.required === true });
  });
  return atMost(kept, max, issues, setting);
};

/** An https URL (an image the widget may load). */
const image: Parse = (value) => {
  try {
    const url = new URL(String(value));
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** The kinds of the panel's settings. */
type PanelKind = (typeof PANEL_SETTINGS)[keyof typeof PANEL_SETTINGS]['kind'];

const PANEL_PARSERS: Parsers<PanelKind> = { choice, flag, text, image, variables, prompts, fields };

/** The panel's settings as used, and what was not understood in them. */
export interface PanelReading extends Reading {
  values: PanelSettings;
}

/** Reads the panel's settings from what was given (the script tag's data attributes, or a developer's options). */
export function readPanelSettings(given: Record<string, unknown>): PanelReading {
  const { values, issues } = readSettings(PANEL_SETTINGS, given, PANEL_PARSERS);
  return { values: values as PanelSettings, issues };
}
