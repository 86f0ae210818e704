// @ts-check
/**
 * The in-page half of the benchmark. `installProbe` runs in every page before the page's own scripts
 * (Playwright's `addInitScript`), so no observer needs buffered entries: it records long tasks, long
 * animation frames and first contentful paint from the very start, and offers `whenPainted`, which
 * resolves once a condition on the DOM holds and the frame showing it has been painted.
 *
 * "Painted" = a MutationObserver sees the change (a microtask after it happens), then the next
 * requestAnimationFrame callback (the frame that will include it), then a message posted from that
 * callback, which runs as the next task, after the frame's style, layout and paint. Element Timing would
 * be the standard tool but does not see into shadow roots.
 */

/**
 * @typedef {object} PaintMark
 * @property {number} foundAt performance.now() when the condition first held
 * @property {number} paintedAt performance.now() after the frame showing it was painted
 */

/**
 * The User Timing marks the probe and the benchmark set, by which a trace of a run is cut (./profile.mjs):
 * the probe's start (before the page's own scripts), the page settled after load, the click, and the frame
 * painted that shows what the click opened.
 */
export const MARKS = { start: 'bench-start', settled: 'bench-settled', click: 'bench-click', painted: 'bench-painted' };

/**
 * @typedef {object} ProbeOptions
 * @property {string | null} launcher a selector for the launcher inside a shadow root of a child of <html> or <body>
 *   (the host element the widget appends); null on pages without one
 * @property {string} startMark the User Timing mark set as the probe starts ({@link MARKS}.start)
 */

/**
 * The init script. Self-contained (Playwright sends its source to the page). Installs `window.__bench`.
 * @param {ProbeOptions} options
 */
export function installProbe(options) {
  const w = /** @type {any} */ (window);
  if (w.__bench) return;
  performance.mark(options.startMark);
  const probe = {
    /** @type {Array<{ start: number; duration: number }>} */
    longTasks: [],
    /** @type {Array<{ start: number; duration: number; blockingDuration: number; scripts: Array<{ url: string; invoker: string; duration: number }> }>} */
    longFrames: [],
    /** @type {number | null} */
    fcp: null,
    /** @type {PaintMark | null} */
    launcher: null,
    /** @type {string | null} */
    launcherError: null,
    /** @type {Promise<unknown> | null} */
    launcherDone: null,
    /** @type {() => Element | null} the launcher, once on the page */
    findLauncher: () => null,
    whenPainted,
    afterPaint,
    panelShows,
  };
  w.__bench = probe;

  /**
   * @param {string} type
   * @param {(entry: any) => void} onEntry
   */
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know: that metric stays empty.
    }
  };
  observe('longtask', (entry) => probe.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('long-animation-frame', (entry) =>
    probe.longFrames.push({
      start: entry.startTime,
      duration: entry.duration,
      blockingDuration: entry.blockingDuration ?? 0,
      scripts: Array.from(entry.scripts ?? [], (/** @type {any} */ s) => ({ url: s.sourceURL, invoker: s.invoker, duration: s.duration })),
    }),
  );
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
  });

  /**
   * @param {string} [mark] a User Timing mark to set once painted (a trace shows it on its timeline)
   * @returns {Promise<number>} performance.now() once the next frame has been painted
   */
  function afterPaint(mark) {
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (mark) performance.mark(mark);
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      });
    });
  }

  /**
   * Whether the widget's panel is open in `root` (its composer is there and not inside a `hidden` element)
   * and, when `marker` is given, shows that text. Reads attributes only: no style or layout is forced
   * between the widget's renders.
   * @param {ShadowRoot} root
   * @param {string | null} marker
   */
  function panelShows(root, marker) {
    const composer = root.querySelector('textarea');
    if (!composer || composer.closest('[hidden]')) return false;
    return marker === null || (root.textContent ?? '').includes(marker);
  }

  /**
   * Resolves once `test()` holds (checked now and after every DOM change under `root`) and is painted.
   * @param {Node} root
   * @param {() => boolean} test
   * @param {{ timeoutMs?: number; attributes?: boolean; mark?: string }} [settings]
   * @returns {Promise<PaintMark>}
   */
  function whenPainted(root, test, settings = {}) {
    const { timeoutMs = 15000, attributes = true, mark } = settings;
    return new Promise((resolve, reject) => {
      let done = false;
      const check = () => {
        if (done) return;
        let ok;
        try {
          ok = test();
        } catch {
          ok = false;
        }
        if (!ok) return;
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        const foundAt = performance.now();
        afterPaint(mark).then((paintedAt) => resolve({ foundAt, paintedAt }));
      };
      const observer = new MutationObserver(check);
      observer.observe(root, { childList: true, subtree: true, characterData: true, attributes });
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        reject(new Error(`not seen within ${timeoutMs} ms`));
      }, timeoutMs);
      check();
    });
  }

  const selector = options.launcher;
  if (selector) {
    // The floors put their host in the body, the widget at the end of <html>: the children of both are looked at.
    const find = () => {
      for (const parent of [document.documentElement, document.body]) {
        for (let el = parent?.firstElementChild; el; el = el.nextElementSibling) {
          const found = el.shadowRoot && el.shadowRoot.querySelector(selector);
          if (found) return found;
        }
      }
      return null;
    };
    probe.findLauncher = find;
    // Only childList: the launcher arrives with its host element; attribute changes cannot reveal it.
    probe.launcherDone = whenPainted(document, () => find() !== null, { attributes: false }).then(
      (mark) => (probe.launcher = mark),
      (error) => (probe.launcherError = String(error)),
    );
  }
}
