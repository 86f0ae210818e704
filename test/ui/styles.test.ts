import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adoptStyles, settingsRule } from '../../src/boot/styles';

const css = (file: string) => readFileSync(join(process.cwd(), file), 'utf8');
const launcherCss = css('src/boot/launcher.css');
const panelCss = css('src/ui/panel.css');

describe('the accent colour', () => {
  it('reaches the stylesheet as a custom property, where the text on it is picked', () => {
    expect(settingsRule({ color: '#fde047', offset: '20px 20px', zIndex: 10 })).toBe(
      ':host{--acw-accent:#fde047;--acw-offset-x:20px;--acw-offset-y:20px;--acw-z:10}',
    );
    // Black or white, whichever contrasts more (checked on real colours in Chromium: test/e2e/ui/preferences.test.ts).
    expect(launcherCss).toMatch(/--acw-on-accent: oklch\(from var\(--acw-accent\) clamp\(0, \(0\.564 - l\) \* 1000, 1\) 0 0\)/);
  });
});

describe('the offset and the layer', () => {
  it('move the launcher and panel from the corner, and set their z-index', () => {
    expect(settingsRule({ color: '#4f46e5', offset: '24px 88px', zIndex: 1000 })).toBe(
      ':host{--acw-accent:#4f46e5;--acw-offset-x:24px;--acw-offset-y:88px;--acw-z:1000}',
    );
    expect(launcherCss).toContain('bottom: calc(var(--acw-offset-y) + env(safe-area-inset-bottom))');
    expect(panelCss).toContain('bottom: calc(var(--acw-offset-y) + 72px + env(safe-area-inset-bottom))');
    expect(launcherCss).toContain('z-index: var(--acw-z)');
  });
});

describe('the stylesheets', () => {
  it('isolate the widget from host CSS and let site owners tune it with custom properties', () => {
    // `all` resets every inherited property (font-size, line-height, color, text-transform…) except direction.
    expect(launcherCss).toMatch(/:host \{\s*all: initial !important;\s*display: block !important;\s*direction: ltr !important;/);
    for (const property of ['--acw-font:', '--acw-font-size:', '--acw-radius:', '--acw-space:']) expect(panelCss).toContain(property);
  });

  it('follow the theme: a dark palette for dark, and for auto when the system is dark', () => {
    expect(panelCss).toMatch(/:host\(\[data-theme="dark"\]\) \{[^}]*--acw-bg: #18181b/);
    expect(panelCss).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:host\(\[data-theme="auto"\]\) \{\s*--acw-bg: #18181b/);
  });

  it('draw a visible focus ring on every focusable control', () => {
    expect(panelCss).toMatch(/:focus-visible:where\(:not\(\.launcher\)\) \{\s*outline: 2px solid var\(--acw-fg\);/);
  });

  it('mirror the panel for right-to-left languages with logical properties', () => {
    expect(panelCss).toMatch(/\.from-user \.bubble \{[^}]*border-end-end-radius/);
    expect(panelCss).toMatch(/\.from-assistant \.bubble \{[^}]*border-end-start-radius/);
    expect(panelCss).toContain('padding-inline: 14px 6px');
  });

  it('keep the composer at 16px or more so iOS does not zoom (checked in Chromium: test/e2e/ui/desktop.test.ts)', () => {
    expect(panelCss).toMatch(/textarea \{[^}]*font-size: max\(16px, /);
  });

  it('go full screen on phones with safe areas and the visual viewport, and honour reduced motion', () => {
    expect(panelCss).toContain('@media (max-width: 479.98px)');
    expect(panelCss).toContain('var(--acw-vvh, 100dvh)');
    expect(panelCss).toContain('env(safe-area-inset-bottom)');
    expect(panelCss).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\* \{\s*animation: none !important;\s*transition: none !important;/);
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
