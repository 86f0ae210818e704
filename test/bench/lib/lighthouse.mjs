// @ts-check
/**
 * Lighthouse's performance audit of the host site (./host-site.mjs) with and without the widget, with the
 * mobile preset (Lighthouse's default: a mid-range phone, slow 4G, the CPU slowed 4×) and the desktop one,
 * both with Lighthouse's own simulated throttling, as the presets define it. Each run gets a Chromium of its
 * own (Debian's, with the e2e tests' flags, through chrome-launcher), so no run inherits another's cache,
 * service workers or compiled code.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.mjs';
import { readLighthouseRun } from './lighthouse-summary.mjs';
import { alternate } from './order.mjs';

/** The presets, in the order they run. */
export const PRESETS = /** @type {const} */ (['mobile', 'desktop']);

/** @typedef {typeof PRESETS[number]} Preset */
/** @typedef {import('./lighthouse-summary.mjs').LighthouseRun} LighthouseRun */

/**
 * The performance category only, and every script in "JavaScript execution time" (by default it lists only
 * those over 50 ms, and the widget's boot is far below that).
 * @param {Preset} preset
 * @returns {import('lighthouse').Config}
 */
function configFor(preset) {
  const base = preset === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' };
  return {
    ...base,
    settings: { ...base.settings, onlyCategories: ['performance'] },
    audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }],
  };
}

/**
 * One audit in a fresh Chromium.
 * @param {string} url
 * @param {Preset} preset
 * @param {string} widgetOrigin
 * @returns {Promise<LighthouseRun>}
 */
export async function auditOnce(url, preset, widgetOrigin) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
    // Only our flags: chrome-launcher's defaults would change what is measured (extensions, throttling of timers).
    ignoreDefaultFlags: true,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, configFor(preset));
    if (!result) throw new Error('Lighthouse returned no result');
    return readLighthouseRun(result.lhr, widgetOrigin);
  } finally {
    chrome.kill();
  }
}

/**
 * @typedef {Record<Preset, { without: LighthouseRun[]; with: LighthouseRun[] }>} LighthouseRuns
 */

/**
 * `runs` audits of each page with each preset, after one discarded warm-up per preset; the page without
 * and the page with the widget take turns going first (ABBA), so the machine's drift falls on both.
 * @param {{ without: string; with: string; widgetOrigin: string; runs: number; log: (message: string) => void }} options
 * @returns {Promise<LighthouseRuns>}
 */
export async function measureLighthouse({ without, with: withWidget, widgetOrigin, runs, log }) {
  /** @type {LighthouseRuns} */
  const out = { mobile: { without: [], with: [] }, desktop: { without: [], with: [] } };
  const pages = /** @type {const} */ ([
    ['without', without],
    ['with', withWidget],
  ]);
  for (let run = 0; run <= runs; run++) {
    for (const preset of PRESETS) {
      for (const [variant, url] of alternate(pages, run)) {
        if (run === 0 && variant === 'without') continue;
        log(`lighthouse ${preset} ${run === 0 ? 'warm-up' : `${run}/${runs}`}, ${variant} the widget`);
        const result = await auditOnce(url, preset, widgetOrigin);
        if (run > 0) out[preset][variant].push(result);
      }
    }
  }
  return out;
}
