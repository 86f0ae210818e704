/**
 * How settings are read, shared by the launcher's parser (src/config.ts) and the panel's
 * (src/panel/settings.ts): a module of its own, so the panel file carries these few rules and not the
 * launcher's whole configuration.
 */

/** How a setting is read: the value it means, or undefined when it is not understood. */
export type Parse = (value: string, base?: string) => unknown;

/** One of `options`, in any case. The platform's snippet writes corners as `right-bottom`: that reads as `bottom-right`. */
export const oneOf =
  (options: string): Parse =>
  (value) =>
    options.split(', ').find((option) => option === value.toLowerCase().replace(/^(left|right)-(top|bottom)$/, '$2-$1'));

/** `true` (or empty, as a bare attribute) or `false`, in any case. */
export const flag: Parse = (value) => (/^(true)?$/i.test(value) ? true : /^false$/i.test(value) ? false : undefined);

/**
 * Reads `rules` from `settings` (own properties only) into `out`, which holds the defaults. A value that is
 * not understood keeps the default; the keys of those are returned, for the site owner to hear about.
 */
export function applyRules(settings: Record<string, unknown>, rules: Record<string, Parse>, out: Record<string, unknown>, base?: string): string[] {
  const invalid: string[] = [];
  for (const key of Object.keys(rules)) {
    const value = settings[key];
    if (value == null) continue;
    const text = String(value).trim();
    const parse = rules[key]!;
    // An empty flag attribute (`data-open`) means true; any other empty setting means "not set".
    const parsed = text || parse === flag ? parse(text, base) : undefined;
    if (parsed === undefined && text) invalid.push(key);
    out[key] = parsed ?? out[key];
  }
  return invalid;
}
