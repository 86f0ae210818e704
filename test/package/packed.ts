/**
 * The package as npm publishes it: `npm pack` of the build in dist/ (which must exist: `npm test` builds
 * before it runs the tests), and the tarball unpacked where an app's resolver finds it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The package's name, as apps import it. */
export const PACKAGE_NAME = 'assistant-chat-widget';

/** A packed tarball and the files in it. */
export interface PackedPackage {
  /** The tarball's path, in a temporary folder. */
  tarball: string;
  /** The paths of the files in it (`dist/widget.js`, `package.json`…), sorted. */
  files: string[];
  /** Removes the temporary folder. */
  remove(): void;
}

/** Packs the current build with `npm pack --ignore-scripts` (prepack would build again) into a temporary folder. */
export function packPackage(): PackedPackage {
  for (const built of ['dist/widget.js', 'dist/lib/index.js', 'dist/types/index.d.ts', 'dist/gateway/cli.js']) {
    if (!existsSync(join(REPO_ROOT, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (\`npm test\` builds before it runs the tests).`);
    }
  }
  const folder = mkdtempSync(join(tmpdir(), 'assistant-chat-widget-pack-'));
  const output = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [result] = JSON.parse(output) as [{ filename: string; files: { path: string }[] }];
  return {
    tarball: join(folder, result.filename),
    files: result.files.map((file) => file.path).sort(),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * Makes `appDir` (a new, empty folder under the repository's git-ignored test-results/) an app that has
 * installed the package: the tarball unpacked as `node_modules/assistant-chat-widget`, and a package.json of
 * its own. Everything else the app imports (preact, react, vite, typescript…) resolves from the repository's
 * node_modules, above it, as one copy each: no install, no network. (Without a package.json of its own, the
 * app would sit inside this package's scope, where Node resolves the package's name to the repository.)
 */
export function installPackage(tarball: string, appDir: string): string {
  rmSync(appDir, { recursive: true, force: true });
  const packageDir = join(appDir, 'node_modules', PACKAGE_NAME);
  mkdirSync(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
  linkBins(appDir, packageDir);
  writeFileSync(join(appDir, 'package.json'), JSON.stringify({ name: 'fixture-app', private: true, type: 'module' }, null, 2));
  return packageDir;
}

/** Links the package's `bin` entries into `node_modules/.bin` and makes them executable, as `npm install` does. */
function linkBins(appDir: string, packageDir: string): void {
  const { bin = {} } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
  const binDir = join(appDir, 'node_modules', '.bin');
  mkdirSync(binDir, { recursive: true });
  for (const [name, target] of Object.entries(bin)) {
    const file = join(packageDir, target);
    chmodSync(file, 0o755);
    symlinkSync(relative(binDir, file), join(binDir, name));
  }
}
