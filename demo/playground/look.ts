/**
 * An assistant's look: the theme, colour and corner its owner chose on the platform (`widget_settings`),
 * read into the widget's spellings, and applied to the playground's settings.
 */
import type { Corner, Theme } from '../../src/config/table';
import { normalizeHex, POSITIONS, THEMES, type PlaygroundSettings } from './settings';

/** The owner's choices; a key the platform left out (missing, null or not understood) is absent. */
export interface AssistantLook {
  theme?: Theme;
  /** `#rrggbb`, lower case. */
  color?: string;
  position?: Corner;
}

/**
 * Reads the platform's `widget_settings` (untrusted JSON): `theme` light/dark/auto, `color` a 3- or
 * 6-digit hex colour, `position` in the platform's spelling (`right-bottom`) or the widget's (`bottom-right`).
 */
export function lookOf(widgetSettings: unknown): AssistantLook {
  if (typeof widgetSettings !== 'object' || widgetSettings === null) return {};
  const { theme, color, position } = widgetSettings as Record<string, unknown>;
  const look: AssistantLook = {};
  const knownTheme = THEMES.find((option) => option === theme);
  if (knownTheme) look.theme = knownTheme;
  const hex = typeof color === 'string' ? normalizeHex(color) : null;
  if (hex) look.color = hex;
  const corner = typeof position === 'string' ? widgetPosition(position) : undefined;
  if (corner) look.position = corner;
  return look;
}

/** `right-bottom` (the platform's spelling) or `bottom-right` → `bottom-right`; anything else → undefined. */
export function widgetPosition(text: string): Corner | undefined {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/^(left|right)-(top|bottom)$/, '$2-$1');
  return POSITIONS.find((option) => option === value);
}

/** The settings with the look applied: what the look leaves out keeps its current value. */
export function withLook(settings: PlaygroundSettings, look: AssistantLook): PlaygroundSettings {
  return {
    ...settings,
    theme: look.theme ?? settings.theme,
    color: look.color ?? settings.color,
    position: look.position ?? settings.position,
  };
}
