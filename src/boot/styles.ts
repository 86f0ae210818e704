/**
 * How the widget's CSS reaches its shadow root, and the rule built from its settings. Nothing is ever
 * written to a `style` attribute, so a strict Content-Security-Policy needs no 'unsafe-inline'.
 */
import type { BootSettings } from '../config/table';

/**
 * The rule that carries the settings into the stylesheets: the accent colour (a valid hex colour, as the
 * config guarantees; launcher.css picks the text on it), the offset from the corner and the layer.
 */
export function settingsRule({ color, offset, zIndex }: Pick<BootSettings, 'color' | 'offset' | 'zIndex'>): string {
  const [x, y] = offset.split(' ');
  return `:host{--acw-accent:${color};--acw-offset-x:${x};--acw-offset-y:${y};--acw-z:${zIndex}}`;
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
