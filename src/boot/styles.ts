/**
 * How the widget's CSS reaches its shadow root, and the rules built from its settings: the accent colour
 * (the launcher's), and the focus ring on the panel (the panel's). Nothing is ever written to a `style`
 * attribute, so a strict Content-Security-Policy needs no 'unsafe-inline'.
 */
import type { LauncherConfig, Theme } from '../config';

/** The backgrounds of the light and dark palettes (panel.css), against which the focus ring must show. */
const LIGHT_BACKGROUND = '#ffffff';
const DARK_BACKGROUND = '#18181b';

/** The relative luminance of a CSS hex colour (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; alpha ignored). */
function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length < 6 ? digits.replace(/./g, '$&$&') : digits;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two hex colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The focus ring on a background: the accent where it stands out (3:1), else the text colour. */
function ring(accent: string, background: string, text: string): string {
  return contrast(accent, background) >= 3 ? accent : text;
}

/**
 * The rule that carries the settings into the stylesheets: the accent colour (a valid hex colour, as the
 * config guarantees; launcher.css picks the text on it), the offset from the corner and the layer.
 */
export function settingsRule({ color, offset, zIndex }: Pick<LauncherConfig, 'color' | 'offset' | 'zIndex'>): string {
  const [x, y] = offset.split(' ');
  return `:host{--acw-accent:${color};--acw-offset-x:${x};--acw-offset-y:${y};--acw-z:${zIndex}}`;
}

/**
 * The panel's focus ring: the accent where it stands out from the panel's background, else the text colour.
 * (Until the panel loads, the launcher's ring is the text colour, which stands out from either palette.)
 */
export function accentRing(accent: string, theme: Theme): string {
  const light = ring(accent, LIGHT_BACKGROUND, 'var(--acw-fg)');
  const dark = ring(accent, DARK_BACKGROUND, 'var(--acw-fg)');
  if (theme === 'light') return `:host{--acw-ring:${light}}`;
  if (theme === 'dark') return `:host{--acw-ring:${dark}}`;
  return `:host{--acw-ring:${light}}@media (prefers-color-scheme:dark){:host{--acw-ring:${dark}}}`;
}

/**
 * Puts `css` into the shadow root: a constructable stylesheet where the browser has them, else a
 * `<style>` carrying the CSP nonce. Returns the function that takes it out again.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): () => void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((other) => other !== sheet);
    };
  } catch {
    // Older engines: no constructable sheets (the constructor or the spread of a missing list throws),
    // or a read-only list; use a <style> element below.
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = css;
  root.append(style);
  return () => style.remove();
}
