import { describe, expect, it } from 'vitest';
import { accentColor, adoptStyles, buildCss, textOn } from '../../src/ui/styles';

const base = { color: '#4f46e5', theme: 'light', position: 'bottom-right' } as const;

describe('buildCss', () => {
  it('uses a valid hex accent and refuses anything else', () => {
    expect(buildCss({ ...base, color: '#0F766E' })).toContain('--acw-accent:#0f766e');
    expect(accentColor('#abc')).toBe('#abc');
    expect(accentColor('#aabbccdd')).toBe('#aabbccdd');
    for (const bad of ['red', 'url(x)', '#12345', '#0f766e;}*{display:none', 'expression(alert(1))']) {
      expect(accentColor(bad)).toBe('#4f46e5');
      expect(buildCss({ ...base, color: bad })).toContain('--acw-accent:#4f46e5;');
    }
  });

  it('puts black or white text on the accent, whichever reads better', () => {
    expect(textOn('#4f46e5')).toBe('#fff');
    expect(textOn('#0f766e')).toBe('#fff');
    expect(textOn('#fde047')).toBe('#000');
    expect(textOn('#ffffff')).toBe('#000');
    expect(textOn('#000')).toBe('#fff');
    expect(buildCss({ ...base, color: '#fde047' })).toMatch(/--acw-on-accent:#000[;}]/);
    expect(buildCss(base)).toMatch(/--acw-on-accent:#fff[;}]/);
  });

  it('follows the theme: light, dark, or the system setting', () => {
    expect(buildCss(base)).toContain('color-scheme:light');
    expect(buildCss(base)).not.toContain('prefers-color-scheme');
    const dark = buildCss({ ...base, theme: 'dark' });
    expect(dark).toContain('color-scheme:dark');
    expect(dark).not.toContain('color-scheme:light');
    const auto = buildCss({ ...base, theme: 'auto' });
    expect(auto).toContain('color-scheme:light');
    expect(auto).toMatch(/@media \(prefers-color-scheme:dark\)\{:host\{[^}]*color-scheme:dark/);
  });

  it.each([
    ['bottom-right', 'bottom', 'right'],
    ['bottom-left', 'bottom', 'left'],
    ['top-right', 'top', 'right'],
    ['top-left', 'top', 'left'],
  ] as const)('places the launcher %s', (position, v, h) => {
    const css = buildCss({ ...base, position });
    expect(css).toMatch(new RegExp(`\\.launcher\\{position:fixed;${v}:[^;]+;${h}:`));
  });

  it('isolates the widget from host CSS and lets site owners tune it with custom properties', () => {
    const css = buildCss(base);
    // `all` resets every inherited property (font-size, line-height, color, text-transform…) except direction.
    expect(css).toMatch(/:host\{all:initial!important;display:block!important;direction:ltr!important/);
    for (const property of ['--acw-font:', '--acw-font-size:', '--acw-radius:', '--acw-space:']) expect(css).toContain(property);
  });

  it('draws a visible focus ring on every focusable control', () => {
    expect(buildCss(base)).toMatch(/(^|\}):focus-visible\{outline:2px solid var\(--acw-ring\)/);
    // An accent too pale to see on the background is not used for the ring.
    expect(buildCss({ ...base, color: '#fef9c3' })).toContain('--acw-ring:#111827');
    expect(buildCss(base)).toContain('--acw-ring:#4f46e5');
  });

  it('mirrors the panel for right-to-left languages with logical properties', () => {
    const css = buildCss(base);
    expect(css).toMatch(/\.user \.bubble\{[^}]*border-end-end-radius/);
    expect(css).toMatch(/\.assistant \.bubble\{[^}]*border-end-start-radius/);
    expect(css).toContain('padding-inline:14px 6px');
  });

  it('keeps the composer at 16px so iOS does not zoom', () => {
    expect(buildCss(base)).toMatch(/textarea\{[^}]*font-size:16px/);
  });

  it('goes full screen on phones with safe areas and the visual viewport, and honours reduced motion', () => {
    const css = buildCss(base);
    expect(css).toContain('@media (max-width:479.98px)');
    expect(css).toContain('var(--acw-vvh,100dvh)');
    expect(css).toContain('env(safe-area-inset-bottom');
    expect(css).toContain('@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}');
  });
});

describe('adoptStyles', () => {
  it('adopts a constructable stylesheet and removes it again', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    const remove = adoptStyles(root, '.x{color:red}');
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.adoptedStyleSheets[0]!.cssRules[0]!.cssText).toContain('.x');
    expect(root.querySelector('style')).toBeNull();
    remove();
    expect(root.adoptedStyleSheets).toHaveLength(0);
  });

  it('falls back to a <style> carrying the nonce where sheets cannot be adopted', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    Object.defineProperty(root, 'adoptedStyleSheets', { value: undefined });
    const remove = adoptStyles(root, '.x{color:red}', 'abc123');
    const style = root.querySelector('style')!;
    expect(style.getAttribute('nonce')).toBe('abc123');
    expect(style.textContent).toBe('.x{color:red}');
    remove();
    expect(root.querySelector('style')).toBeNull();
  });
});
