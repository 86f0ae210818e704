/**
 * The checks behind the e2e global setup, with the machine (files, user, commands) injected so each
 * branch can be tested without a missing browser.
 */
import { CHROMIUM_PATH } from './browser';

/** The exact command the error messages tell people to run. */
export const CHROMIUM_INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y chromium';

/** What {@link ensureChromium} needs from the machine. */
export interface ChromiumSetupDeps {
  exists(path: string): boolean;
  isRoot(): boolean;
  /** The full path of a command on PATH, or undefined. */
  which(command: string): string | undefined;
  /** Runs a command with inherited output; resolves to its exit code (or a reason it could not start). */
  run(command: string, args: string[]): { ok: true } | { ok: false; reason: string };
  log(message: string): void;
}

/**
 * Makes sure Debian's Chromium is at {@link CHROMIUM_PATH}: when it is missing, installs it with apt-get
 * if running as root, otherwise throws an error that says exactly how to install it.
 */
export function ensureChromium(deps: ChromiumSetupDeps, path: string = CHROMIUM_PATH): void {
  if (deps.exists(path)) return;
  const aptGet = deps.which('apt-get');
  if (!deps.isRoot() || !aptGet) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${path}, and it is not installed.\n` +
        `Install it with:\n\n    ${CHROMIUM_INSTALL_HINT}\n\nthen run the tests again.`,
    );
  }
  deps.log(`[e2e] ${path} is missing; installing Debian's chromium package.`);
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    deps.log(`[e2e] $ ${aptGet} ${args.join(' ')}`);
    const result = deps.run(aptGet, args);
    if (!result.ok) {
      throw new Error(
        `\`apt-get ${args.join(' ')}\` failed (${result.reason}).\n` +
          `Install Chromium by hand:\n\n    ${CHROMIUM_INSTALL_HINT}\n`,
      );
    }
  }
  if (!deps.exists(path)) {
    throw new Error(`apt-get finished but ${path} is still missing. Install it by hand:\n\n    ${CHROMIUM_INSTALL_HINT}\n`);
  }
  deps.log(`[e2e] Installed ${path}.`);
}

/** What {@link ensureBuild} needs from the machine. */
export interface BuildCheckDeps {
  /** The size of a file in bytes, or undefined when it does not exist. */
  size(path: string): number | undefined;
  /** Modification time of a file in ms. */
  mtime(path: string): number;
  /** The newest modification time of any file under a folder, in ms. */
  newestMtime(dir: string): number;
  warn(message: string): void;
}

/**
 * Throws unless `widgetPath` (dist/widget.js) is a non-empty build, and warns when `srcDir` has changed since.
 */
export function ensureBuild(deps: BuildCheckDeps, widgetPath: string, srcDir: string): void {
  const size = deps.size(widgetPath);
  if (size === undefined || size === 0) {
    throw new Error(
      `The browser tests load the built widget, and dist/widget.js ${size === 0 ? 'is empty' : 'does not exist'}.\n` +
        'Build it first:\n\n    npm run build\n\n(`npm test` builds before it runs the tests.)',
    );
  }
  // A stale build still runs, but the results would describe old code: say so loudly.
  if (deps.newestMtime(srcDir) > deps.mtime(widgetPath)) {
    deps.warn('[e2e] dist/widget.js is older than src/: the browser tests run the old build. Run `npm run build`.');
  }
}
