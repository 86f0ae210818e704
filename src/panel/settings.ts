/**
 * The settings only the panel needs (`data-type`, `data-variables`, `data-show-function-calls`), and the
 * words for every setting that was not understood, the launcher's included: the panel tells the site owner
 * when it loads, so that the launcher script carries no messages. `parseConfig` does it all at once, for
 * code that wants the whole configuration up front.
 */
import { isObject } from '../api/client';
import type { VariableValue } from '../api/types';
import {
  CHOICES,
  DEFAULTS,
  applyRules,
  flag,
  oneOf,
  parseLauncherConfig,
  settingName,
  type ConfigContext,
  type ConfigSource,
  type PanelSettings,
  type ParseResult,
  type WidgetConfig,
} from '../config';

/** The defaults of the panel's settings (the launcher's: `DEFAULTS` in src/config.ts). */
export const PANEL_DEFAULTS = {
  type: 'widget',
  showFunctionCalls: true,
} as const;

/** The conversation types (`data-type`). */
const TYPES = 'widget, test';

const PANEL_RULES = {
  type: oneOf(TYPES),
  showFunctionCalls: flag,
};

/** What a setting should have been, for the sentence that tells the site owner. */
const EXPECTED: Record<string, string> = {
  apiBase: 'is not an http(s) URL',
  type: `is not one of ${TYPES}`,
  theme: `is not one of ${CHOICES.theme}`,
  storage: `is not one of ${CHOICES.storage}`,
  launcher: `is not one of ${CHOICES.launcher}`,
  offset: 'is not one or two CSS lengths like 24px 88px',
  zIndex: 'is not a whole number like 1000',
  position: `is not one of ${CHOICES.position}`,
  color: `is not a hex colour like ${DEFAULTS.color}`,
  locale: 'is not a language tag like de-AT',
  open: 'is not one of true, false',
  inline: 'is not one of true, false',
  showFunctionCalls: 'is not one of true, false',
};

/**
 * One sentence per setting in `keys` whose value (in `settings`) was not understood: what it was, what it
 * should have been, and what is used instead (in `values`).
 */
export function describeProblems(keys: readonly string[], settings: Record<string, unknown>, values: Record<string, unknown>, source?: ConfigSource): string[] {
  return keys.map(
    // Only the locale has no default of its own.
    (key) => `${settingName(key, source)} "${String(settings[key]).trim()}" ${EXPECTED[key]}; using ${values[key] ?? "the page's language"}.`,
  );
}

/** Parses the panel's settings (as the launcher handed them on); every problem is one sentence for the site owner. */
export function parsePanelSettings(settings: Record<string, unknown>, source?: ConfigSource): { settings: PanelSettings; problems: string[] } {
  const out: Record<string, unknown> = { ...PANEL_DEFAULTS };
  const problems = describeProblems(applyRules({ __proto__: null, ...settings }, PANEL_RULES, out), settings, out, source);
  out.variables = cleanVariables(settings.variables, settingName('variables', source), problems);
  return { settings: out as unknown as PanelSettings, problems };
}

/**
 * Parses data attributes (or element attributes, or JS options) into the whole validated config: the
 * launcher's settings and the panel's, with one sentence per problem. Pure: reads only the own properties
 * of `input`, and `context`. A missing or malformed assistant id yields `config: null` (no widget).
 */
export function parseConfig(input: Record<string, string | undefined>, context: ConfigContext = {}): ParseResult {
  const launcher = parseLauncherConfig(input, context);
  const panel = parsePanelSettings(input, context.source);
  return {
    config: launcher.config && { ...launcher.config, ...panel.settings },
    target: launcher.target,
    inline: launcher.inline,
    problems: [...launcher.problems, ...describeProblems(launcher.invalid, input, launcher.values, context.source), ...panel.problems],
  };
}

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
