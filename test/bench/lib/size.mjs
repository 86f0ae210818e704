// @ts-check
/**
 * What a script costs on the wire: raw, gzip -9 and brotli at quality 11, with the very settings of
 * test/size.test.ts (so the bench and the size test report the same bytes for the same files).
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * @typedef {{ rawBytes: number; gzipBytes: number; brotliBytes: number }} SizeResult
 * @typedef {SizeResult & { name: string }} NamedSize
 */

const KB = 1024;

/**
 * The ceilings of what a site loads, gzip, which the size test (test/size.test.ts) enforces and the bench reports:
 * guards against a regression (a dependency pulled in by mistake, a chunk merged back into the panel), not targets.
 * The boot every page view loads, the panel, the markdown renderer, and any other chunk. The boot's is 7.5 KB, not
 * the 6 KB first set: the launcher's words in the eleven languages the widget speaks (its name, the loading sign, the
 * note that the chat could not load and its Retry), which must be there before the panel loads and even when it
 * cannot, weigh about 1.4 KB on their own.
 */
export const CEILINGS = { boot: 7.5 * KB, panel: 30 * KB, markdown: 6 * KB, chunk: 4 * KB };

/** The markdown renderer's chunk, which has a ceiling of its own. */
const MARKDOWN_PREFIX = 'assistant-chat-rich-text-';

/** The panel and its chunks: every script of the build but the launcher (the size test's selection). */
const PANEL_SCRIPT = /^assistant-chat-.*\.js$/;
/** The panel's entry file; chunks it may import share the prefix `assistant-chat-` but not this one. */
const PANEL_ENTRY_PREFIX = 'assistant-chat-panel-';

/**
 * Measures one file.
 * @param {string} file
 * @returns {Promise<SizeResult>}
 */
export async function measureSize(file) {
  // Read as text and encoded again, as the size test does: the same bytes for any UTF-8 file.
  const source = Buffer.from(await readFile(file, 'utf8'));
  return {
    rawBytes: source.length,
    gzipBytes: gzipSync(source, { level: 9 }).length,
    brotliBytes: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * The panel's scripts in `distDir`, the entry first; throws when the build has none.
 * @param {string} distDir
 * @returns {string[]} file names
 */
export function panelScripts(distDir) {
  const names = existsSync(distDir)
    ? readdirSync(distDir)
        .filter((name) => PANEL_SCRIPT.test(name))
        .sort()
    : [];
  const entry = names.find((name) => name.startsWith(PANEL_ENTRY_PREFIX));
  if (!entry) throw new Error(`no ${PANEL_ENTRY_PREFIX}*.js in dist/: run npm run build first.`);
  return [entry, ...names.filter((name) => name !== entry)];
}

/**
 * The ceiling that applies to a file of the build, by its name.
 * @param {string} name e.g. `widget.js`, `assistant-chat-panel-<hash>.js`
 * @returns {number} bytes, gzip
 */
export function ceilingFor(name) {
  if (name === 'widget.js') return CEILINGS.boot;
  if (name.startsWith(PANEL_ENTRY_PREFIX)) return CEILINGS.panel;
  if (name.startsWith(MARKDOWN_PREFIX)) return CEILINGS.markdown;
  return CEILINGS.chunk;
}

/** A language's file (`assistant-chat-fr-<hash>.js`): a visitor loads at most one of them. */
const LANGUAGE_SCRIPT = /^assistant-chat-[a-z]{2}-/;

/**
 * Measures the boot (`widget.js`) and every panel script of a build.
 * @param {string} distDir
 * @returns {Promise<{ boot: NamedSize; panel: NamedSize[]; panelTotal: SizeResult }>}
 *   `panel[0]` is the panel's own file (the one the ceiling applies to); `panelTotal`: the most a visitor
 *   loads of them (each compressed on its own, as a browser fetches them): the panel's file, every chunk a
 *   chat may need (markdown, cards, consent and form) and the heaviest language, not the console's words
 */
export async function measureBuild(distDir) {
  const boot = { name: 'widget.js', ...(await measureSize(join(distDir, 'widget.js'))) };
  /** @type {NamedSize[]} */
  const panel = [];
  for (const name of panelScripts(distDir)) panel.push({ name, ...(await measureSize(join(distDir, name))) });
  const languages = panel.filter((file) => LANGUAGE_SCRIPT.test(file.name));
  const heaviest = languages.reduce(
    (most, file) => (!most || file.gzipBytes > most.gzipBytes ? file : most),
    /** @type {NamedSize | undefined} */ (undefined),
  );
  const most = panel.filter((file) => !(LANGUAGE_SCRIPT.test(file.name) && file !== heaviest) && !file.name.startsWith('assistant-chat-problems-'));
  const sum = (/** @type {keyof SizeResult} */ key) => most.reduce((total, file) => total + file[key], 0);
  return { boot, panel, panelTotal: { rawBytes: sum('rawBytes'), gzipBytes: sum('gzipBytes'), brotliBytes: sum('brotliBytes') } };
}
