import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

const px = (value: number) => `${Math.round(value)}px`;

/**
 * While `active`, mirrors the visual viewport (what is visible above an on-screen keyboard) into
 * `--acw-vvh`/`--acw-vvw` (size) and `--acw-vvt`/`--acw-vvl` (offset) on the shadow host, so the
 * full-screen phone panel follows the keyboard and pinch-zoom.
 * The values go through a constructable stylesheet of the shadow root, never a `style` attribute,
 * so a strict CSP holds. Without a shadow root or constructable sheets, the CSS falls back to 100dvh.
 */
export function useVisualViewport(ref: RefObject<HTMLElement>, active: boolean): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const root = ref.current?.getRootNode();
    if (!active || !viewport || !(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root)) return;
    const sheet = new CSSStyleSheet();
    const update = () =>
      sheet.replaceSync(
        `:host{--acw-vvh:${px(viewport.height)};--acw-vvw:${px(viewport.width)};--acw-vvt:${px(viewport.offsetTop)};--acw-vvl:${px(viewport.offsetLeft)}}`,
      );
    update();
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [ref, active]);
}
