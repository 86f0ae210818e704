/**
 * `parseConfig`, for code that wants the whole configuration up front (the npm package exports it): the boot's
 * settings and the panel's, read as the widget reads them, with one sentence per problem.
 */
import { readBootSettings, type ConfigContext } from './boot';
import { readPanelSettings } from './panel';
import { describeIssues } from './problems';
import type { WidgetConfig } from './table';

/** The outcome of parsing: a config (null when no widget can be shown), where to put it, and what was wrong. */
export interface ParseResult {
  /** The validated config, or null when the assistant id is missing or malformed. */
  config: WidgetConfig | null;
  /** `data-target` / `target`: a CSS selector of the element to render the panel inline into. */
  target: string | undefined;
  /** `inline` (element and JS options): render the panel inside the target, without the floating launcher. */
  inline: boolean;
  /** One sentence per problem, written for the site owner; empty when all is well. */
  problems: string[];
}

/**
 * Parses data attributes (in dataset spelling: `showFunctionCalls`), element attributes or JS options into the
 * whole validated config. Pure: reads only the own properties of `input`, and `context`.
 */
export function parseConfig(input: Record<string, string | undefined>, context: ConfigContext = {}): ParseResult {
  const boot = readBootSettings(input, context);
  const panel = readPanelSettings(input);
  const values = { ...boot.values, ...panel.values };
  return {
    config: boot.settings && { ...boot.settings, ...panel.values },
    target: boot.target,
    inline: boot.settings?.inline ?? false,
    problems: [...(boot.problem ? [boot.problem] : []), ...describeIssues([...boot.issues, ...panel.issues], input, values, context.source)],
  };
}
