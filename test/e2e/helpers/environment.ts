/**
 * The checks behind the e2e global setup, with the machine (files, user, commands) injected so each
 * branch can be tested without a missing browser.
 */
import { CHROMIUM_PATH } from './browser';

/** A program the e2e run needs, and the Debian package that brings it. */
export interface DebianProgram {
  path: string;
  /** The package's name (`chromium`, `firefox-esr`…). */
  name: string;
}

/**
 * What the e2e run needs from Debian: Chromium (every e2e file), Firefox ESR, WebKitGTK's WebDriver (with its
 * MiniBrowser) and an X server for them (the flows run in the three engines: test/e2e/engines/).
 */
export const E2E_PROGRAMS: readonly DebianProgram[] = [
  { path: CHROMIUM_PATH, name: 'chromium' },
  { path: '/usr/bin/firefox-esr', name: 'firefox-esr' },
  { path: '/usr/bin/WebKitWebDriver', name: 'webkit2gtk-driver' },
  { path: '/usr/bin/Xvfb', name: 'xvfb' },
];

/** The exact command the error messages tell people to run for `packages`. */
export function installHint(packages: readonly string[]): string {
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
}

/** What {@link ensurePrograms} needs from the machine. */
export interface ProgramSetupDeps {
  exists(path: string): boolean;
  isRoot(): boolean;
  /** The full path of a command on PATH, or undefined. */
  which(command: string): string | undefined;
  /** Runs a command with inherited output; resolves to its exit code (or a reason it could not start). */
  run(command: string, args: string[]): { ok: true } | { ok: false; reason: string };
  log(message: string): void;
}

/**
 * Makes sure `programs` are installed: those missing are installed with apt-get (one call) when running as root,
 * otherwise this throws an error that says exactly how to install them.
 */
export function ensurePrograms(deps: ProgramSetupDeps, programs: readonly DebianProgram[] = E2E_PROGRAMS): void {
  const missing = programs.filter(({ path }) => !deps.exists(path));
  if (!missing.length) return;
  const names = missing.map(({ name }) => name);
  const hint = installHint(names);
  const aptGet = deps.which('apt-get');
  if (!deps.isRoot() || !aptGet) {
    throw new Error(
      `The browser tests need Debian's ${names.join(', ')}, not installed (${missing.map(({ path }) => path).join(', ')}).\n` +
        `Install them with:\n\n    ${hint}\n\nthen run the tests again.`,
    );
  }
  deps.log(`[e2e] ${names.join(', ')} missing; installing Debian's packages.`);
  for (const args of [['update'], ['install', '-y', ...names]]) {
    deps.log(`[e2e] $ ${aptGet} ${args.join(' ')}`);
    const result = deps.run(aptGet, args);
    if (!result.ok) throw new Error(`\`apt-get ${args.join(' ')}\` failed (${result.reason}).\nInstall them by hand:\n\n    ${hint}\n`);
  }
  const still = missing.filter(({ path }) => !deps.exists(path));
  if (still.length)
    throw new Error(`apt-get finished but ${still.map(({ path }) => path).join(', ')} is still missing. Install by hand:\n\n    ${hint}\n`);
  deps.log(`[e2e] Installed ${names.join(', ')}.`);
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
