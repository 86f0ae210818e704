/**
 * Reading a table of settings (./table.ts) from what was given: data attributes (text), element attributes
 * (text) or a developer's options (values). Each file reads its own table with the parsers of the kinds it
 * needs (the boot: ./boot.ts; the panel: ./panel.ts), so the boot carries none of the panel's rules. What is
 * not understood becomes an `Issue`: data, not words (those are in ./problems.ts, which the panel loads only
 * when there is something to tell).
 */
import type { Kind, SettingSpec } from './table';

/**
 * Reads one setting's value: the text of an attribute (trimmed, never empty) or a developer's value (objects
 * as they are). Returns the value, or undefined when it is not understood. `issues` takes what was left out of a
 * list or object that was read in part; `base` resolves relative URLs.
 */
export type Parse = (value: unknown, spec: SettingSpec, issues: Issue[], name: string, base?: string) => unknown;

/** The parsers of the kinds a file reads. */
export type Parsers<K extends Kind = Kind> = Record<K, Parse>;

/**
 * Something in the settings that was not understood (the default, or what could be read, is used):
 * - `invalid`: the value of `setting`;
 * - `not-json`: `setting` is not the JSON it should be (an object, or an array);
 * - `left-out`: an entry of `setting` (its `key` or index) could not be used;
 * - `too-many`: `setting` has `count` entries, more than the widget shows.
 */
export type Issue =
  | { kind: 'invalid'; setting: string }
  | { kind: 'not-json'; setting: string }
  | { kind: 'left-out'; setting: string; key: string | number }
  | { kind: 'too-many'; setting: string; count: number };

/** A table's settings as read, and what was not understood in them. */
export interface Reading {
  values: Record<string, unknown>;
  issues: Issue[];
}

/**
 * Reads every setting of `table` from the own properties of `given` (a polluted `Object.prototype` configures
 * nothing). A setting not given, or given empty, takes its default (an empty flag attribute, `data-open`, means
 * true); one not understood takes its default too, and is listed in `issues`. `defaults` overrides the table's
 * defaults (those that depend on the page).
 */
export function readSettings(
  table: Record<string, SettingSpec>,
  given: Record<string, unknown>,
  parsers: Partial<Parsers>,
  { base, defaults = {} }: { base?: string | undefined; defaults?: Record<string, unknown> } = {},
): Reading {
  const values: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const [name, spec] of Object.entries(table)) {
    const raw = Object.prototype.hasOwnProperty.call(given, name) ? given[name] : undefined;
    const fallback = Object.prototype.hasOwnProperty.call(defaults, name) ? defaults[name] : spec.default;
    const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    let read: unknown;
    if (value !== null && value !== undefined && (value !== '' || spec.kind === 'flag')) {
      const told = issues.length;
      read = parsers[spec.kind]!(value, spec, issues, name, base);
      // (A parser that said what it could not read, `not-json`, has said it.)
      if (read === undefined && value !== '' && issues.length === told) issues.push({ kind: 'invalid', setting: name });
    }
    values[name] = read ?? fallback;
  }
  return { values, issues };
}
