/**
 * Runs once before the e2e project: makes sure Debian's browsers are there (installing them when we can)
 * and that the script-tag build exists, then starts the one Chromium the test files connect to (see
 * useBrowser), and stops it after the last. It never downloads Playwright's own browsers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './helpers/browser';
import { ensureBuild, ensurePrograms } from './helpers/environment';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's Chromium listens (BrowserServer.wsEndpoint). */
    chromiumEndpoint: string;
  }
}

/** Vitest global setup for the `e2e` project. Throwing here stops the run with the message. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensurePrograms({
    exists: existsSync,
    isRoot: () => process.getuid?.() === 0,
    which,
    run(command, args) {
      const result = spawnSync(command, args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status === 0) return { ok: true };
      return { ok: false, reason: result.error?.message ?? `exit code ${result.status ?? result.signal}` };
    },
    log: (message) => console.log(message),
  });
  ensureBuild(
    {
      size: (path) => (existsSync(path) ? statSync(path).size : undefined),
      mtime: (path) => statSync(path).mtimeMs,
      newestMtime,
      warn: (message) => console.warn(message),
    },
    join(repoRoot, 'dist', 'widget.js'),
    join(repoRoot, 'src'),
  );
  const chromium = await launchBrowserServer();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return () => chromium.close();
}

function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
