/**
 * The parsers both files need (the boot's settings and the panel's have kinds in common): text, flags and
 * choices.
 */
import type { Parse } from './read';

/** Any text. */
export const text: Parse = (value) => (typeof value === 'string' ? value : undefined);

/** `true` (or empty, as a bare attribute) or `false`, in any case. */
export const flag: Parse = (value) => {
  const word = String(value).toLowerCase();
  return word === 'true' || word === '' ? true : word === 'false' ? false : undefined;
};

/** One of the setting's `choices`, in any case. */
export const choice: Parse = (value, { choices = [] }) => choices.find((option) => option === String(value).toLowerCase());
