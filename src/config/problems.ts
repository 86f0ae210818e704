/**
 * What the site owner reads in the console about settings the widget did not understand: one sentence per
 * issue, saying what was given, what it should have been and what is used instead. The sentence of a value
 * that is not understood follows from its kind (./table.ts), so a new setting of a known kind needs no words
 * of its own. The panel loads this file only when there is something to tell.
 */
import type { ConfigSource } from './boot';
import { settingName } from './names';
import type { Issue } from './read';
import { CORNERS, SETTINGS, type Kind, type SettingSpec } from './table';

/** What a value of each kind should have been. */
const EXPECTED: Record<Kind, (spec: SettingSpec) => string> = {
  uuid: () => 'is not a UUID',
  url: () => 'is not an http(s) URL',
  text: () => 'is not text',
  image: () => 'is not an https URL of an image',
  flag: () => 'is not one of true, false',
  choice: ({ choices = [] }) => `is not one of ${choices.join(', ')}`,
  corner: () => `is not one of ${CORNERS.join(', ')}`,
  color: (spec) => `is not a hex colour like ${String(spec.default)}`,
  offset: () => 'is not one or two CSS lengths like 24px 88px',
  integer: () => 'is not a whole number like 1000',
  duration: () => 'is not a time like 30s or 800ms',
  name: () => 'is not a JavaScript name like dataLayer',
  locale: () => 'is not a language tag like de-AT',
  variables: () => 'is not a JSON object',
  prompts: () => 'is not a JSON array',
  fields: () => 'is not a JSON array',
};

/** What a JSON setting should have been, and what happens instead. */
const EXPECTED_JSON: Record<string, string> = {
  variables: 'is not a JSON object like {"name": "Ada"}; no variables are sent.',
  // (The visitor may have come from identify() instead, whose argument is kept as the same setting.)
  visitor: '(or the visitor given to identify()) is not a JSON object like {"id": "42", "name": "Ada"}; the visitor is anonymous.',
  starters: 'is not a JSON array of prompts like ["Opening hours?", "Book a visit"]; no starters are shown.',
  prechat: 'is not a JSON array of fields like [{"name": "email", "label": "Email", "type": "email", "required": true}]; no form is shown.',
};

/** Why an entry of a list or object was left out, by the setting's kind. */
const LEFT_OUT: Partial<Record<Kind, string>> = {
  variables: 'is not a string, number or boolean',
  prompts: 'is not a prompt (a non-empty string)',
  fields: 'needs a name of its own (letters, digits, _) and a type of text, email or tel',
};

/** A value as a site owner wrote it: text trimmed, anything else as JSON (or its type when it has none). */
function shown(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return typeof value;
  try {
    return JSON.stringify(value);
  } catch {
    return typeof value; // a cycle, or a bigint inside
  }
}

/**
 * One sentence per issue: `given` as given, `values` as used (the defaults in place of what was not
 * understood), named after where the settings came from (`source`).
 */
export function describeIssues(
  issues: readonly Issue[],
  given: Record<string, unknown>,
  values: Record<string, unknown>,
  source?: ConfigSource,
): string[] {
  return issues.map((issue) => {
    const name = settingName(issue.setting, source);
    const spec: SettingSpec = SETTINGS[issue.setting as keyof typeof SETTINGS];
    switch (issue.kind) {
      case 'invalid':
        // Only the locale has no default of its own.
        return `${name} "${shown(given[issue.setting])}" ${EXPECTED[spec.kind](spec)}; using ${shown(values[issue.setting] ?? "the page's language")}.`;
      case 'not-json':
        return `${name} ${EXPECTED_JSON[issue.setting] ?? `${EXPECTED[spec.kind](spec)}.`}`;
      case 'left-out':
        return `${name}${typeof issue.key === 'number' ? `[${issue.key}]` : `.${issue.key}`} ${LEFT_OUT[spec.kind]}; left out.`;
      case 'too-many':
        return `${name} has ${issue.count} entries; the first ${spec.max} are used.`;
      default:
        return issue satisfies never;
    }
  });
}
