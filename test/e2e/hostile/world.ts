/**
 * The hostile-world suite's shared parts: host pages that load the built dist/widget.js through a real
 * script tag, the widget's parts found the way a visitor finds them, and the global invariant every case
 * checks:
 *
 * - no uncaught error or unhandled rejection (and, on success paths, no console.error);
 * - exactly one new global (`AssistantChat`) and no change to built-in prototypes, `JSON` or `fetch`;
 * - no Content-Security-Policy violation and no dialog (alert/confirm/prompt/print) at all;
 * - `AssistantChat('destroy')` leaves the document exactly as the page's HTML describes it, and no
 *   event listener whose code lives in dist/widget.js on window, document (shadow roots included)
 *   or visualViewport.
 *
 * A probe, installed as an init script, takes the "before" picture ahead of every page script.
 */
import { expect } from 'vitest';
import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import type { LoggedRequest } from '../../../demo/server/app.mjs';
import type { PageErrorRecord, PageErrors } from '../helpers/browser';
import type { StaticServer } from '../helpers/static-server';
import { ASSISTANTS } from '../../helpers/stand-in';
import { summary as summaryLines } from '../conversation/widget';

// The widget's parts and the server's log, read the same way as in the conversation suite.
export { chat, GREETING, messagePosts, TEXT, type Chat } from '../conversation/widget';

/** `METHOD path → status` lines, for readable failure messages. */
export const summary = (requests: readonly LoggedRequest[]): string => summaryLines(requests).join('\n');

/** The accent every host page asks for, and what Chromium computes for it. */
export const ACCENT = { hex: '#0f766e', rgb: 'rgb(15, 118, 110)' } as const;

/** The nonce of the CSP pages. */
export const NONCE = 'R4nd0mN0nce';

/** How long a visible outcome may take (the store's back-off starts at 1 s). */
export const SEEN = { timeout: 20_000 } as const;

// ---------------------------------------------------------------------------------------------------
// Host pages

/** What a host page holds besides the widget's script tag. */
export interface HostPageOptions {
  /** The static server's origin (the script's `src` is `${siteUrl}/dist/widget.js`). */
  siteUrl: string;
  /** The stand-in's API root (another origin). */
  apiBase: string;
  /** Extra markup in `<head>` (for example a hostile stylesheet). */
  head?: string;
  /** The host's own content, before the script tag. */
  body?: string;
  /** A `nonce` attribute for the script tag. */
  nonce?: string;
  /** Extra attributes for the script tag. */
  attributes?: Record<string, string>;
  /** False: the same page without the widget (a baseline for layout). Default true. */
  widget?: boolean;
}

/** The host page's own content: a little shop page with a header, text, a form and a footer. */
export const SHOP_BODY = `<header id="top"><h1>Riverside Clinic</h1><nav><a href="#book">Book</a> · <a href="#faq">FAQ</a></nav></header>
  <main>
    <p id="intro">Book a cleaning online. We are open Monday to Friday.</p>
    <div class="card" id="card"><h2>Opening hours</h2><p>8:00–18:00</p></div>
    <form id="search" action="#"><label for="q">Search</label> <input id="q" name="q"> <button type="submit">Go</button></form>
  </main>
  <footer id="bottom"><p>© Riverside Clinic</p></footer>`;

/** A host page (HTML) that loads the built widget with a real script tag. */
export function hostPage(options: HostPageOptions): string {
  const attributes: Record<string, string> = {
    src: `${options.siteUrl}/dist/widget.js`,
    'data-assistant-id': ASSISTANTS.northwind,
    'data-api-base': options.apiBase,
    'data-type': 'test',
    'data-color': ACCENT.hex,
    'data-variables': JSON.stringify({ name: 'Ada', clinic: 'Riverside Clinic' }),
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...options.attributes,
  };
  const tag = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Riverside Clinic</title>${options.head ?? ''}</head>
<body>
  ${options.body ?? SHOP_BODY}
  ${options.widget === false ? '' : `<script ${tag}></script>`}
</body>
</html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// ---------------------------------------------------------------------------------------------------
// The widget as a visitor meets it

// ---------------------------------------------------------------------------------------------------
// The probe: "before" pictures and traps, installed ahead of every page script

/** The symbol the probe lives under (a non-enumerable symbol key adds no global name). */
const PROBE = 'hostile-world-probe';

/** What the probe found in one frame. */
export interface ProbeReport {
  /** Own property names of `window` that were not there before the page's scripts ran. */
  newGlobals: string[];
  /** Own property names of `window` that disappeared. */
  lostGlobals: string[];
  /** Every changed, added or removed property of the watched built-ins. */
  builtInChanges: string[];
  /** `securitypolicyviolation` events seen in this frame. */
  violations: Array<{ directive: string; blocked: string; source: string; sample: string }>;
  /** Calls of alert/confirm/prompt/print, and reads of the `__pwned` trap. */
  dialogs: string[];
}

/**
 * The probe's source. `hostPatches` is JavaScript the "host" runs first (for example a wrapped fetch);
 * the probe's "before" picture is taken after it, so the host's own changes are not held against the widget.
 */
export function probeScript(hostPatches = ''): string {
  return `(() => {
  const KEY = Symbol.for(${JSON.stringify(PROBE)});
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  const state = { violations: [], dialogs: [] };
  document.addEventListener('securitypolicyviolation', (e) => {
    state.violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample });
  });
  // Anything hostile content manages to run ends up here instead of on screen.
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = function (message) { state.dialogs.push(name + ': ' + String(message)); return null; };
  }
  Object.defineProperty(window, '__pwned', {
    configurable: true,
    get() { state.dialogs.push('__pwned read'); return undefined; },
    set(v) { state.dialogs.push('__pwned = ' + String(v)); },
  });

  ${hostPatches}

  const ownKeys = Reflect.ownKeys, describe = Object.getOwnPropertyDescriptor, names = Object.getOwnPropertyNames;
  const watched = {
    'Object': Object, 'Object.prototype': Object.prototype, 'Array': Array, 'Array.prototype': Array.prototype,
    'Function.prototype': Function.prototype, 'String.prototype': String.prototype, 'Number.prototype': Number.prototype,
    'Promise': Promise, 'Promise.prototype': Promise.prototype, 'JSON': JSON, 'Reflect': Reflect,
    'EventTarget.prototype': EventTarget.prototype, 'Node.prototype': Node.prototype, 'Element.prototype': Element.prototype,
    'HTMLElement.prototype': HTMLElement.prototype, 'Document.prototype': Document.prototype,
    'ShadowRoot.prototype': ShadowRoot.prototype, 'CSSStyleSheet.prototype': CSSStyleSheet.prototype,
    'Response.prototype': Response.prototype, 'Request.prototype': Request.prototype, 'Headers.prototype': Headers.prototype,
    'XMLHttpRequest.prototype': XMLHttpRequest.prototype, 'Storage.prototype': Storage.prototype,
  };
  const picture = (target) => {
    const map = new Map();
    for (const key of ownKeys(target)) map.set(key, describe(target, key));
    return map;
  };
  const before = new Map(Object.entries(watched).map(([label, target]) => [label, picture(target)]));
  // No eval here: the probe runs under the strictest CSP too.
  const reads = { 'window.fetch': () => window.fetch, 'window.JSON': () => window.JSON, 'JSON.stringify': () => window.JSON.stringify,
    'JSON.parse': () => window.JSON.parse, 'window.XMLHttpRequest': () => window.XMLHttpRequest, 'window.Response': () => window.Response,
    'window.Object': () => window.Object, 'window.Array': () => window.Array, 'window.Promise': () => window.Promise };
  const identities = new Map(Object.entries(reads).map(([label, read]) => [label, read()]));
  const globalsBefore = new Set(names(window));
  const same = (a, b) => a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable &&
    a.enumerable === b.enumerable && a.configurable === b.configurable;

  Object.defineProperty(window, KEY, { value: { report() {
    const builtInChanges = [];
    for (const [label, target] of Object.entries(watched)) {
      const was = before.get(label), now = picture(target);
      for (const [key, descriptor] of now) {
        const old = was.get(key);
        if (!old) builtInChanges.push(label + '.' + String(key) + ' was added');
        else if (!same(old, descriptor)) builtInChanges.push(label + '.' + String(key) + ' was changed');
      }
      for (const key of was.keys()) if (!now.has(key)) builtInChanges.push(label + '.' + String(key) + ' was removed');
    }
    for (const [label, read] of Object.entries(reads)) {
      if (read() !== identities.get(label)) builtInChanges.push(label + ' was replaced');
    }
    const globalsNow = names(window);
    return {
      newGlobals: globalsNow.filter((name) => !globalsBefore.has(name)),
      lostGlobals: [...globalsBefore].filter((name) => !globalsNow.includes(name)),
      builtInChanges,
      violations: state.violations.slice(),
      dialogs: state.dialogs.slice(),
    };
  } } });
})();`;
}

/** Installs the probe (after `hostPatches`) in every frame `page` loads from now on. */
export async function installProbe(page: Page, hostPatches = ''): Promise<void> {
  await page.addInitScript({ content: probeScript(hostPatches) });
}

/** The probe's findings in one frame. */
export function probeReport(scope: Page | Frame): Promise<ProbeReport> {
  return scope.evaluate((key) => {
    const probe = (window as unknown as Record<symbol, { report(): unknown } | undefined>)[Symbol.for(key)];
    if (!probe) throw new Error('the hostile-world probe is not installed in this frame');
    return probe.report() as ProbeReport;
  }, PROBE);
}

// ---------------------------------------------------------------------------------------------------
// Event listeners by script, through the DevTools protocol

/** Finds the event listeners whose code lives in dist/widget.js. */
export interface ListenerInspector {
  /**
   * Listeners on window, document (the whole tree, shadow roots included) and visualViewport of `frame`
   * (default: the main frame) whose handler is a function of dist/widget.js.
   */
  widgetListeners(frame?: Frame): Promise<Array<{ on: string; type: string }>>;
  dispose(): Promise<void>;
}

/**
 * A DevTools inspector of event listeners. Each query opens its own session: `Debugger.enable` reports every
 * script already parsed, which maps each listener's script id to its URL. A frame in another process (a
 * sandboxed iframe) has its own session; a frame in the page's process is reached through its JavaScript context.
 */
export async function inspectListeners(page: Page): Promise<ListenerInspector> {
  const context = page.context();

  async function query(frame: Frame | undefined): Promise<Array<{ on: string; type: string }>> {
    let cdp: CDPSession | undefined;
    let contextId: number | undefined;
    if (frame && frame !== page.mainFrame()) {
      cdp = await context.newCDPSession(frame).catch(() => undefined);
    }
    if (!cdp) {
      cdp = await context.newCDPSession(page);
      if (frame && frame !== page.mainFrame()) contextId = await contextOf(cdp, frame.url());
    }
    try {
      const scripts = new Map<string, string>();
      cdp.on('Debugger.scriptParsed', (event: { scriptId: string; url: string }) => void scripts.set(event.scriptId, event.url));
      await cdp.send('Debugger.enable');
      const found: Array<{ on: string; type: string }> = [];
      const targets: Array<[string, Record<string, unknown>]> = [
        ['window', {}],
        ['document', { depth: -1, pierce: true }],
        ['window.visualViewport', {}],
      ];
      for (const [expression, options] of targets) {
        const evaluated = (await cdp.send('Runtime.evaluate', {
          expression,
          objectGroup: 'hostile-listeners',
          ...(contextId === undefined ? {} : { contextId }),
        })) as { result: { objectId?: string } };
        const objectId = evaluated.result.objectId;
        if (!objectId) continue;
        const { listeners } = (await cdp.send('DOMDebugger.getEventListeners', { objectId, ...options })) as unknown as {
          listeners: Array<{ type: string; scriptId: string }>;
        };
        for (const listener of listeners) {
          if ((scripts.get(listener.scriptId) ?? '').endsWith('/dist/widget.js')) found.push({ on: expression, type: listener.type });
        }
      }
      return found;
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  }

  return { widgetListeners: query, dispose: async () => undefined };
}

/** The id of the default JavaScript context of the in-process frame at `url`. */
async function contextOf(cdp: CDPSession, url: string): Promise<number> {
  type Tree = { frame: { id: string; url: string }; childFrames?: Tree[] };
  const contexts: Array<{ id: number; frameId: string; isDefault: boolean }> = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: { id: number; auxData?: { frameId?: string; isDefault?: boolean } } }) => {
    const aux = event.context.auxData ?? {};
    contexts.push({ id: event.context.id, frameId: aux.frameId ?? '', isDefault: aux.isDefault === true });
  });
  await cdp.send('Runtime.enable');
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as unknown as { frameTree: Tree };
  const find = (tree: Tree): string | undefined => (tree.frame.url === url ? tree.frame.id : (tree.childFrames ?? []).map(find).find(Boolean));
  const frameId = find(frameTree);
  const found = contexts.find((c) => c.frameId === frameId && c.isDefault);
  if (!found) throw new Error(`no JavaScript context for the frame at ${url}`);
  return found.id;
}

// ---------------------------------------------------------------------------------------------------
// The DOM as the page's HTML describes it

/**
 * Every element (with its attributes, minus `data-assistant-chat-mounted`) and non-blank text, in document
 * order, of `html` parsed (when given) or of the live document. Self-contained: Playwright sends its source.
 */
function outline(html?: string): string[] {
  const doc = html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
  const lines: string[] = [];
  const walker = doc.createTreeWalker(doc, 0x1 | 0x4 | 0x80);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      const element = node as Element;
      const attributes = Array.from(element.attributes)
        // boot marks the tag whose settings it took, so that a second copy of the script does not mount it again.
        .filter((attribute) => attribute.name !== 'data-assistant-chat-mounted')
        // Under a CSP, Chromium empties nonce attributes once parsed (the value stays in the `nonce` property).
        .map((attribute) => `${attribute.name}="${attribute.name === 'nonce' ? '…' : attribute.value}"`)
        .sort();
      const shadow = element.shadowRoot ? ' #shadow-root' : '';
      lines.push(`<${element.localName}${attributes.length ? ' ' + attributes.join(' ') : ''}>${shadow}`);
    } else if (node.nodeType === 3) {
      const text = (node.nodeValue ?? '').trim();
      if (text) lines.push(JSON.stringify(text));
    } else {
      lines.push(`<!--${node.nodeValue ?? ''}-->`);
    }
  }
  return lines;
}

/** The outline of `html` as Chromium parses it, in a throwaway context (no CSP, no page scripts). */
export async function outlineOfHtml(browser: Browser, html: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const blank = await context.newPage();
    return await blank.evaluate(outline, html);
  } finally {
    await context.close();
  }
}

/** The outline of the live document of a page or frame. */
export function liveOutline(scope: Page | Frame): Promise<string[]> {
  return scope.evaluate(outline, undefined);
}

// ---------------------------------------------------------------------------------------------------
// The invariant

/** Problems a case tolerates: on paths that fail on purpose, Chromium's own network lines. */
export function widgetProblems(errors: PageErrors, options: { successPath: boolean }): PageErrorRecord[] {
  return errors.all.filter((record) => {
    if (record.kind === 'pageerror' || record.kind === 'unhandledrejection') return true;
    if (record.kind === 'network') return false;
    return options.successPath;
  });
}

/** What {@link expectInvariant} needs. */
export interface InvariantInput {
  /** The page or frame the widget runs in. */
  scope: Page | Frame;
  /** The page's error record (for a frame: its page's). */
  errors: PageErrors;
  /** The listener inspector of the page. */
  listeners: ListenerInspector;
  /** The frame the widget runs in, when it is a child frame (`scope` is then that frame). */
  frame?: Frame;
  /** The HTML the frame was served, to compare the document with after destroy. */
  html: string;
  /** The file's browser, for parsing `html` in a throwaway context. */
  browser: Browser;
  /** False where the case provokes failures (502, offline…): console.error is then tolerated, exceptions never. */
  successPath: boolean;
}

/**
 * Checks the global invariant, then destroys the widget with `AssistantChat('destroy')` and checks that
 * it left nothing behind. Call it at the end of a case, with the widget still on the page.
 */
export async function expectInvariant(input: InvariantInput): Promise<void> {
  const { scope, errors } = input;

  const report = await probeReport(scope);
  expect(report.newGlobals, 'exactly one new global').toEqual(['AssistantChat']);
  expect(report.lostGlobals, 'no global removed').toEqual([]);
  expect(report.builtInChanges, 'built-ins untouched').toEqual([]);
  expect(report.violations, 'no CSP violation').toEqual([]);
  expect(report.dialogs, 'nothing hostile ran').toEqual([]);
  expect(widgetProblems(errors, { successPath: input.successPath }), 'no uncaught error from the widget').toEqual([]);

  // The detector sees the widget's listeners while it is there, so "none after destroy" means something.
  const whileMounted = await input.listeners.widgetListeners(input.frame);
  expect(whileMounted.length, 'the widget listens to something while mounted').toBeGreaterThan(0);

  await scope.evaluate(() => (window as unknown as { AssistantChat(command: 'destroy'): void }).AssistantChat('destroy'));

  expect(await input.listeners.widgetListeners(input.frame), 'no listener of the widget left after destroy').toEqual([]);
  expect(await liveOutline(scope), 'the document is the page HTML again').toEqual(await outlineOfHtml(input.browser, input.html));
  const after = await probeReport(scope);
  expect(after.newGlobals, 'the API stays, as a page may mount again').toEqual(['AssistantChat']);
  expect(after.builtInChanges).toEqual([]);
  expect(widgetProblems(errors, { successPath: input.successPath }), 'destroy raised nothing').toEqual([]);
}

/** Serves a host page and returns `{ url, html }`. */
export function serve(site: StaticServer, path: string, html: string, headers: Record<string, string> = {}): { url: string; html: string } {
  return { url: site.page(path, html, { headers }), html };
}
