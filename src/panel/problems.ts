/**
 * What the site owner reads in the console about settings the widget did not understand: one sentence per
 * issue, saying what was given, what it should have been and what is used instead. The panel loads this
 * file only when there is something to say; `parseConfig` (for code that wants the whole configuration up
 * front) uses it at once.
 */
import { CHOICES, DEFAULTS, parseLauncherConfig, settingName, type ConfigContext, type ConfigSource, type ParseResult } from '../config';
import { MAX_FIELDS, MAX_STARTERS, PANEL_CHOICES, parsePanelSettings, type Issue } from './settings';

/** What a setting should have been. */
const EXPECTED: Record<string, string> = {
  apiBase: 'is not an http(s) URL',
  type: `is not one of ${PANEL_CHOICES.type}`,
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
  avatar: 'is not an https URL of an image',
  consent: `is not one of ${PANEL_CHOICES.consent}`,
};

/** What a JSON setting should have been, and what happens instead. */
const EXPECTED_JSON = {
  variables: 'is not a JSON object like {"name": "Ada"}; no variables are sent.',
  // (The visitor may have come from identify() instead, whose argument is kept as the same setting.)
  visitor: '(or the visitor given to identify()) is not a JSON object like {"id": "42", "name": "Ada"}; the visitor is anonymous.',
  starters: 'is not a JSON array of prompts like ["Opening hours?", "Book a visit"]; no starters are shown.',
  prechat: 'is not a JSON array of fields like [{"name": "email", "label": "Email", "type": "email", "required": true}]; no form is shown.',
};

/** Why an entry of a JSON setting was left out. */
const LEFT_OUT = {
  variables: 'is not a string, number or boolean',
  visitor: 'is not a string, number or boolean',
  starters: 'is not a prompt (a non-empty string)',
  prechat: 'needs a name of its own (letters, digits, _) and a type of text, email or tel',
};

/**
 * One sentence per issue: `settings` as given, `values` as used (the defaults in place of what was not
 * understood), named after where the settings came from (`source`).
 */
export function describeIssues(issues: readonly Issue[], settings: Record<string, unknown>, values: Record<string, unknown>, source?: ConfigSource): string[] {
  return issues.map((issue) => {
    const name = settingName(issue.setting, source);
    switch (issue.kind) {
      case 'invalid':
        // Only the locale has no default of its own.
        return `${name} "${String(settings[issue.setting]).trim()}" ${EXPECTED[issue.setting]}; using ${values[issue.setting] ?? "the page's language"}.`;
      case 'not-json':
        return `${name} ${EXPECTED_JSON[issue.setting]}`;
      case 'left-out':
        return typeof issue.key === 'number'
          ? `${name}[${issue.key}] ${LEFT_OUT[issue.setting]}; left out.`
          : `${name}.${issue.key} ${LEFT_OUT[issue.setting]}; left out.`;
      case 'too-many':
        return `${name} has ${issue.count} entries; the first ${issue.setting === 'starters' ? MAX_STARTERS : MAX_FIELDS} are used.`;
      default:
        return issue satisfies never;
    }
  });
}

/**
 * Parses data attributes (or element attributes, or JS options) into the whole validated config: the
 * launcher's settings and the panel's, with one sentence per problem. Pure: reads only the own properties
 * of `input`, and `context`. A missing or malformed assistant id yields `config: null` (no widget).
 */
export function parseConfig(input: Record<string, string | undefined>, context: ConfigContext = {}): ParseResult {
  const launcher = parseLauncherConfig(input, context);
  const panel = parsePanelSettings(input);
  const invalid: Issue[] = launcher.invalid.map((setting) => ({ kind: 'invalid', setting }));
  return {
    config: launcher.config && { ...launcher.config, ...panel.settings },
    target: launcher.target,
    inline: launcher.inline,
    problems: [...launcher.problems, ...describeIssues([...invalid, ...panel.issues], input, { ...launcher.values, ...panel.settings }, context.source)],
  };
}
