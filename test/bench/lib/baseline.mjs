// @ts-check
/**
 * The build to compare against (`--baseline <git-ref>` or `--baseline-dist <folder>`): either a folder that
 * already holds a script-tag build, or a commit checked out into a temporary git worktree (under the OS's
 * temp folder) and built there with its own `npm run build`. That worktree borrows this checkout's
 * node_modules through a symlink when every package the commit locks is installed here at the same version
 * (the usual case: a change to src/ only); otherwise it runs `npm ci` of its own.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm, symlink, unlink } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './paths.mjs';
import { panelScripts } from './size.mjs';

const run = promisify(execFile);

/**
 * @typedef {object} Baseline
 * @property {string} label how the report names it: the short commit, or the folder
 * @property {string | null} commit the full hash, when built from git
 * @property {string} distDir its script-tag build (widget.js and the panel's files)
 * @property {() => Promise<void>} cleanup removes the temporary worktree, if any
 */

/**
 * @typedef {{ packages?: Record<string, { version?: string; optional?: boolean }> }} Lockfile the part of package-lock.json read here
 */

/**
 * The packages `wanted` locks that `installed` lacks or has at another version (an empty list: the
 * installed node_modules serves `wanted` as it is). An optional package that is not installed here is not
 * missing: npm left it out on this machine (another platform's binary, a fallback) and would leave it out
 * of the baseline's install too.
 * @param {Lockfile} wanted the baseline's package-lock.json
 * @param {Lockfile} installed node_modules/.package-lock.json here (npm's record of what is installed)
 * @returns {string[]} e.g. `node_modules/vite: 8.3.8 wanted, 8.3.9 installed`
 */
export function missingPackages(wanted, installed) {
  const have = installed.packages ?? {};
  return Object.entries(wanted.packages ?? {})
    .filter(([path]) => path.startsWith('node_modules/'))
    .filter(([path, entry]) => (have[path] ? have[path].version !== entry.version : !entry.optional))
    .map(([path, entry]) => `${path}: ${entry.version ?? '?'} wanted, ${have[path]?.version ?? 'none'} installed`);
}

/**
 * Checks out `ref` into a worktree in `workDir` and builds it.
 * @param {string} ref a commit, branch or tag
 * @param {{ workDir: string; log: (message: string) => void }} options `workDir`: a temporary folder the caller removes
 * @returns {Promise<Baseline>}
 */
export async function baselineFromRef(ref, { workDir, log }) {
  const commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => {
    throw new Error(`--baseline ${ref}: no such commit in this repository`);
  });
  const short = commit.slice(0, 7);
  const dir = join(workDir, `baseline-${short}`);
  log(`baseline: checking out ${short} into ${dir}…`);
  await git(['worktree', 'add', '--detach', dir, commit]);
  const modules = join(dir, 'node_modules');
  const cleanup = async () => {
    // The symlink first, so that nothing can follow it into this checkout's node_modules.
    await unlink(modules).catch(() => undefined);
    await git(['worktree', 'remove', '--force', dir]).catch(() => rm(dir, { recursive: true, force: true }));
    await git(['worktree', 'prune']).catch(() => undefined);
  };
  try {
    const wanted = JSON.parse(await git(['show', `${commit}:package-lock.json`]));
    const installedFile = join(ROOT, 'node_modules/.package-lock.json');
    const missing = existsSync(installedFile)
      ? missingPackages(wanted, JSON.parse(readFileSync(installedFile, 'utf8')))
      : ['node_modules is not installed here'];
    if (missing.length === 0) {
      log('baseline: every package it locks is installed here; borrowing node_modules through a symlink');
      await symlink(join(ROOT, 'node_modules'), modules, 'dir');
    } else {
      log(`baseline: its packages differ (${missing.length}, e.g. ${missing[0]}); npm ci in the worktree…`);
      await npm(['ci', '--no-audit', '--no-fund'], dir, log);
    }
    log(`baseline: npm run build in ${short}…`);
    await npm(['run', 'build'], dir, log);
    const distDir = join(dir, 'dist');
    checkBuild(distDir);
    return { label: short, commit, distDir, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * A baseline that is already built.
 * @param {string} folder
 * @returns {Baseline}
 */
export function baselineFromDist(folder) {
  const distDir = resolve(folder);
  checkBuild(distDir);
  return { label: relative(ROOT, distDir) || distDir, commit: null, distDir, cleanup: async () => undefined };
}

/**
 * Throws unless `distDir` holds a script-tag build.
 * @param {string} distDir
 */
function checkBuild(distDir) {
  if (!existsSync(join(distDir, 'widget.js'))) throw new Error(`${distDir} has no widget.js`);
  panelScripts(distDir);
}

/**
 * @param {string[]} args
 * @returns {Promise<string>} stdout, trimmed
 */
async function git(args) {
  const { stdout } = await run('git', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/**
 * Runs npm in `cwd`, quietly; when it fails, its last lines go to the log before the error.
 * @param {string[]} args
 * @param {string} cwd
 * @param {(message: string) => void} log
 */
async function npm(args, cwd, log) {
  try {
    await run('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const output = /** @type {{ stdout?: string; stderr?: string }} */ (error);
    const tail = `${output.stdout ?? ''}\n${output.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    log(`baseline: npm ${args.join(' ')} failed; its last lines:\n${tail}`);
    throw new Error(`npm ${args.join(' ')} failed in the baseline's worktree (its output is above)`, { cause: error });
  }
}
