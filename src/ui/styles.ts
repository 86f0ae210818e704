/**
 * All of the widget's CSS, built from the configuration, and the one way it reaches the shadow root.
 * Nothing is ever written to a `style` attribute, so a strict Content-Security-Policy needs no 'unsafe-inline'.
 *
 * Site owners can tune the look from the page through custom properties on the host element
 * (custom properties are the one thing `all: initial` leaves alone):
 * `--acw-font`, `--acw-font-size`, `--acw-radius`, `--acw-space`, `--acw-z`, and every color (`--acw-bg`, …).
 */
import { DEFAULTS, type WidgetConfig } from '../config';

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The accent color when it is a CSS hex color, else the default accent. */
export function accentColor(color: string): string {
  const value = color.trim().toLowerCase();
  return HEX.test(value) ? value : DEFAULTS.color;
}

function luminance(hex: string): number {
  const full = hex.length < 6 ? hex.replace(/\w/g, '$&$&') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Black or white, whichever reads better on the (valid hex) color. */
export function textOn(color: string): '#000' | '#fff' {
  return contrast(color, '#fff') >= contrast(color, '#000') ? '#fff' : '#000';
}

const LIGHT = { bg: '#fff', fg: '#111827', muted: '#4b5563', surface: '#f3f4f6', line: '#e5e7eb', err: '#b91c1c', errbg: '#fef2f2', ok: '#15803d' };
const DARK = { bg: '#18181b', fg: '#f4f4f5', muted: '#a1a1aa', surface: '#27272a', line: '#3f3f46', err: '#fca5a5', errbg: '#3f1d1d', ok: '#86efac' };

function palette(p: typeof LIGHT, accent: string): string {
  // A focus ring in the accent only where the accent stands out from the background.
  const ring = contrast(accent, p.bg) >= 3 ? accent : p.fg;
  const colors = Object.entries({ ...p, ring }).map(([name, value]) => `--acw-${name}:${value};`);
  return `:host{${colors.join('')}color-scheme:${p === DARK ? 'dark' : 'light'}}`;
}

const MONO = 'ui-monospace,Menlo,Consolas,monospace';

/** The widget's stylesheet for a color, theme and corner. */
export function buildCss(config: Pick<WidgetConfig, 'color' | 'theme' | 'position'>): string {
  const accent = accentColor(config.color);
  const [v, hz] = config.position.split('-');
  const colors =
    config.theme === 'dark'
      ? palette(DARK, accent)
      : palette(LIGHT, accent) + (config.theme === 'auto' ? `@media (prefers-color-scheme:dark){${palette(DARK, accent)}}` : '');
  // The font stack names each platform's UI font instead of `system-ui`: on Linux, Chromium lays out long
  // unbroken text in `system-ui` in quadratic time (a 100 000-character string froze the page for 40 s).
  // The composer's focus ring is an outline on the field (outlines survive forced colors, shadows do not);
  // the textarea inside draws none, so there is one ring.
  // Keyframe names need no prefix: they are scoped to the shadow root. `env(safe-area-inset-*)` needs no
  // fallback: every engine that knows env() defines them.
  // Places a fixed element `offset` from the configured corner, clear of the safe areas.
  const corner = (offset: number) =>
    `${v}:calc(${offset}px + env(safe-area-inset-${v}));${hz}:calc(20px + env(safe-area-inset-${hz}))`;
  return (
    `:host{all:initial!important;display:block!important;direction:ltr!important;--acw-font:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;--acw-font-size:15px;--acw-radius:16px;--acw-space:16px;--acw-z:2147483000;--acw-accent:${accent};unicode-bidi:isolate!important;--acw-on-accent:${textOn(accent)}}` +
    colors +
    `*{box-sizing:border-box}` +
    `[hidden]{display:none!important}` +
    `.acw{font:var(--acw-font-size)/1.5 var(--acw-font);color:var(--acw-fg);-webkit-text-size-adjust:100%}` +
    `button,textarea{font:inherit;color:inherit;margin:0;border:0;background:none;padding:0}` +
    `button{cursor:pointer}` +
    `button:disabled{cursor:default;opacity:.5}` +
    `:focus-visible{outline:2px solid var(--acw-ring);outline-offset:2px}` +
    `.sr{position:absolute;clip-path:inset(50%);width:1px;height:1px;overflow:hidden;white-space:nowrap}` +
    `.i{width:20px;height:20px;fill:none;stroke:currentColor;stroke-linecap:round;stroke-linejoin:round;stroke-width:2;flex:none}` +
    `.launcher,.av,.send,.fc-i,.ib{display:grid;place-items:center;flex:none}` +
    `.launcher,.av,.send,.fc-i,.spin,.typing i{border-radius:50%}` +
    `.launcher,.head,.send,.user .bubble{color:var(--acw-on-accent);background:var(--acw-accent)}` +
    `.launcher{position:fixed;${corner(20)};z-index:var(--acw-z);width:56px;height:56px;box-shadow:0 4px 14px #0003;transition:transform .2s}` +
    `.launcher:hover,.send:not(:disabled):hover{transform:scale(1.06)}` +
    `.launcher .i{width:26px;height:26px}` +
    `.badge{position:absolute;top:-2px;${hz}:-2px;min-width:20px;border-radius:10px;box-shadow:0 0 0 2px var(--acw-bg);background:#dc2626;color:#fff;font-size:12px;font-weight:700;line-height:20px;padding:0 6px}` +
    `.panel{display:flex;flex-direction:column;overflow:hidden;border-radius:var(--acw-radius);background:var(--acw-bg)}` +
    `.acw:not(.inline) .panel{position:fixed;${corner(92)};z-index:var(--acw-z);max-height:calc(100dvh - 112px);height:600px;box-shadow:0 12px 40px #0003;transform-origin:${v} ${hz};animation:in .22s cubic-bezier(.2,.9,.3,1);width:min(380px,100vw - 40px)}` +
    `@keyframes in{from{opacity:0;transform:translateY(${v === 'top' ? -12 : 12}px) scale(.97)}}` +
    // Inline, the panel fills the target element's height (at least 420px) and scrolls inside it.
    `:host([data-inline]){height:100%!important}` +
    `.inline,.inline .panel{height:100%}` +
    `.inline .panel{min-height:420px;border:1px solid var(--acw-line)}` +
    `.head,.banner,.notice,.pill,.meta,.fc-head,.field{gap:8px;align-items:center;display:flex}` +
    `.head{gap:10px;padding:14px 12px 14px var(--acw-space)}` +
    `.av{width:32px;height:32px;background:#fff3}` +
    `.title{flex:1;margin:0;font-size:16px;font-weight:600;text-overflow:ellipsis;overflow:hidden;white-space:nowrap}` +
    `.ib{width:36px;height:36px;border-radius:10px}` +
    `.ib:hover{background:#8883}` +
    `.head :focus-visible{outline-offset:-2px;outline-color:currentColor}` +
    `.banner,.notice{border-radius:12px;align-items:flex-start;margin:10px 12px 0;font-size:14px;padding:10px 12px;background:var(--acw-surface)}` +
    `.banner{background:var(--acw-errbg);color:var(--acw-err)}` +
    `.banner p,.notice p{flex:1;margin:0}` +
    `.body{position:relative;flex:1;min-height:0;display:flex}` +
    `.scroll{position:relative;flex:1;overflow-y:auto;overscroll-behavior:contain;padding:var(--acw-space) var(--acw-space) 8px}` +
    `.scroll:focus-visible{outline-offset:-2px}` +
    `.scroll,.log,.earlier,.msg{gap:10px;display:flex;flex-direction:column}` +
    `.msg{gap:6px;align-items:flex-end;max-width:85%;align-self:flex-end}` +
    // Only the newest message fades in: a history that opens stays still (and costs no animation per message).
    `.log>:last-child{animation:msg .18s ease-out}` +
    `@keyframes msg{from{opacity:0;transform:translateY(6px)}}` +
    `.assistant{align-items:flex-start;max-width:92%;align-self:flex-start}` +
    `.bubble{padding:9px 13px;overflow-wrap:anywhere}` +
    `.bubble,.typing{border-radius:18px}` +
    `.user .bubble{white-space:pre-wrap;border-end-end-radius:6px}` +
    `.typing,.assistant .bubble{background:var(--acw-surface);border-end-start-radius:6px}` +
    `.bubble>*{margin:0 0 .6em}` +
    `.bubble>:first-child{margin-top:0}` +
    `.bubble>:last-child{margin-bottom:0}` +
    `.bubble ul,.bubble ol{padding-inline-start:1.3em}` +
    `.bubble h3{font-size:1.05em;margin:.7em 0 .3em}` +
    `.bubble hr{border:0;margin:.8em 0;border-top:1px solid var(--acw-line)}` +
    `.link,.more,.bubble a{color:inherit;text-underline-offset:2px;text-decoration:underline}` +
    `.link,.more{border-radius:4px;font-weight:600}` +
    `.bubble code{padding:.1em .35em;border-radius:5px;font:.9em/1.4 ${MONO};background:#8882}` +
    `.bubble pre{white-space:pre-wrap;padding:10px 12px;border-radius:10px;background:#8882}` +
    `.bubble pre code{background:none;padding:0}` +
    `.meta{align-items:flex-start;gap:6px;margin:0;font-size:12.5px;color:var(--acw-muted)}` +
    `.meta .spin,.meta .i{margin-top:2px}` +
    `.meta .i{width:14px;height:14px}` +
    `.meta.failed{color:var(--acw-err)}` +
    `.spin{width:10px;height:10px;border:2px solid;border-inline-end-color:#0000;animation:spin .8s linear infinite}` +
    `@keyframes spin{to{transform:rotate(360deg)}}` +
    `.typing{align-self:flex-start;gap:4px;padding:13px 14px;display:flex}` +
    `.typing i{width:7px;height:7px;background:var(--acw-muted);animation:dot 1.2s infinite ease-in-out}` +
    `.typing i:nth-child(2){animation-delay:.15s}` +
    `.typing i:nth-child(3){animation-delay:.3s}` +
    `@keyframes dot{0%,60%,100%{opacity:.5}30%{transform:translateY(-4px);opacity:1}}` +
    `.pill,.prev{padding:6px 12px;font-size:13px;border-radius:99px;font-weight:600}` +
    `.prev{align-self:center;background:var(--acw-surface)}` +
    `.pill{position:absolute;gap:4px;left:50%;transform:translateX(-50%);bottom:10px;background:var(--acw-fg);color:var(--acw-bg);box-shadow:0 4px 12px #0003}` +
    `.pill .i{width:16px;height:16px}` +
    `.composer{padding:8px 12px 12px;border-top:1px solid var(--acw-line)}` +
    `.field{padding:6px;align-items:flex-end;padding-inline:14px 6px;border:1px solid var(--acw-line);border-radius:22px}` +
    `.field:focus-within{outline:2px solid var(--acw-ring);outline-offset:-1px}` +
    `textarea{flex:1;max-height:120px;padding:5px 0;resize:none;font-size:16px;field-sizing:content}` +
    `textarea:focus-visible{outline:0}` +
    `textarea::placeholder{color:var(--acw-muted);opacity:1}` +
    `.send{width:34px;height:34px;transition:transform .15s}` +
    `.count,.reject{margin:6px 4px 0;font-size:12.5px;color:var(--acw-muted)}` +
    `.count:empty{display:none}` +
    `.over,.reject{color:var(--acw-err)}` +
    `.fc{min-width:240px;border:1px solid var(--acw-line);border-radius:12px;font-size:13.5px;width:100%}` +
    `.fc-head{padding:8px 10px;border-radius:11px;text-align:start;width:100%}` +
    `.fc-head:hover{background:var(--acw-surface)}` +
    `.fc-i{width:22px;height:22px;background:var(--b);color:var(--c)}` +
    `.fc-i .i{width:14px;height:14px;stroke-width:2.5}` +
    `.ok{--c:var(--acw-ok);--b:#22c55e29}` +
    `.err{--c:var(--acw-err);--b:#ef444429}` +
    `.fc-n{flex:1;font-weight:600;overflow-wrap:anywhere}` +
    `.fc-s{font-weight:600;font-size:12px;color:var(--c)}` +
    `.chev{width:16px;height:16px;color:var(--acw-muted);transition:transform .2s}` +
    `[aria-expanded=true] .chev{transform:rotate(180deg)}` +
    `.fc-body{padding:2px 12px 10px;border-top:1px solid var(--acw-line);overflow-wrap:anywhere}` +
    `.fc-l{margin:8px 0 2px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;font-size:11.5px;color:var(--acw-muted)}` +
    `.fc-r{margin:8px 0 0;font:12px ${MONO};color:var(--acw-muted)}` +
    `.tree{margin:0;padding-inline-start:14px;list-style:none}` +
    `ol.tree{list-style:decimal;padding-inline-start:22px}` +
    `.tree .tree{margin-inline-start:2px;border-inline-start:1px solid var(--acw-line);padding-inline-start:10px}` +
    `.tree li{margin:2px 0}` +
    `.null,.k{margin-inline-end:6px;color:var(--acw-muted)}` +
    `.v,.k{unicode-bidi:isolate}` +
    `.k::after{content:":"}` +
    `.null{font-style:italic}` +
    `.more{font-size:12.5px;padding:0 4px}` +
    `.revealed:focus{outline:0}` +
    `@media (max-width:479.98px){` +
    `.acw:not(.inline) .panel{inset:var(--acw-vvt,0px) auto auto var(--acw-vvl,0px);width:var(--acw-vvw,100%);height:var(--acw-vvh,100dvh);border-radius:0;max-height:none;padding:0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}` +
    `.acw:not(.inline) .head{padding-top:calc(14px + env(safe-area-inset-top))}` +
    `.open .launcher{display:none}` +
    `}` +
    `@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}` +
    `@media (forced-colors:active){.bubble,.panel,.banner,.notice,.pill,.launcher{border:1px solid}.head{border-bottom:1px solid}}`
  );
}

/**
 * Puts the CSS into the shadow root: a constructable stylesheet where the browser has them, else a
 * `<style>` carrying the CSP nonce. Returns the function that takes it out again.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): () => void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  } catch {
    // Older engines: no constructable sheets (the constructor or the spread of a missing list throws),
    // or a read-only list; use a <style> element below.
  }
  const style = (root.ownerDocument ?? document).createElement('style');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = css;
  root.prepend(style);
  return () => style.remove();
}
