/**
 * The install path of a new user, on today's registry: an app with no lock file installs the packed package
 * with the README's line (`npm install assistant-chat-widget preact @preact/signals`, the tarball in place of
 * the name), so npm picks the newest Preact and signals it has, and must accept them as the package's peers;
 * then `npm ci` installs again from the lock file that made, as the next developer or CI would. The app is
 * built with the repository's Vite, from its own node_modules, and used in Chromium. This test asks the npm
 * registry (the only one outside the machine): it fails when the registry cannot be reached.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../helpers/stand-in';
import { packPackage, PACKAGE_NAME, REPO_ROOT, type PackedPackage } from '../package/packed';
import { run, viteBuild } from './apps/build';
import { GREETING, chat } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';

const NEW_USER_DIR = join(REPO_ROOT, 'test-results', 'new-user');
const APP_DIR = join(NEW_USER_DIR, 'app');
const BUILD_DIR = join(NEW_USER_DIR, 'builds');

const browser = useBrowser();
const site = useStaticServer({ distDir: BUILD_DIR });
const api = useStandIn();

const SEEN = { timeout: 15_000 };
// Two installs from the registry and a build, on a busy machine.
const SLOW = 240_000;

let packed: PackedPackage | undefined;

beforeAll(() => {
  packed = packPackage();
}, SLOW);

afterAll(() => packed?.remove());

/** The version of a package installed in the app. */
const installed = (name: string) =>
  (JSON.parse(readFileSync(join(APP_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('a new user', () => {
  test('installs the package with the newest Preact and signals, installs again with npm ci, builds, and chats', { timeout: SLOW }, async () => {
    rmSync(NEW_USER_DIR, { recursive: true, force: true });
    mkdirSync(NEW_USER_DIR, { recursive: true });
    cpSync(join(REPO_ROOT, 'test', 'e2e', 'apps', 'new-user'), APP_DIR, { recursive: true });
    writeFileSync(join(APP_DIR, 'package.json'), JSON.stringify({ name: 'clinic-site', private: true, type: 'module' }, null, 2));

    const quiet = ['--no-audit', '--no-fund'];
    const install = await run('npm', ['install', packed!.tarball, 'preact', '@preact/signals', ...quiet], APP_DIR);
    expect(install.output).not.toMatch(/ERESOLVE|overriding peer dependency/);
    const latest = { preact: installed('preact'), signals: installed('@preact/signals') };
    console.log(`new user: npm install took ${install.seconds.toFixed(1)} s: preact ${latest.preact}, @preact/signals ${latest.signals}`);

    rmSync(join(APP_DIR, 'node_modules'), { recursive: true, force: true });
    const again = await run('npm', ['ci', ...quiet], APP_DIR);
    expect(again.output).not.toMatch(/ERESOLVE|overriding peer dependency/);
    expect(existsSync(join(APP_DIR, 'node_modules', PACKAGE_NAME, 'LICENSE'))).toBe(true);
    expect({ preact: installed('preact'), signals: installed('@preact/signals') }).toEqual(latest);

    await viteBuild({ root: APP_DIR, name: 'new-user', jsx: 'preact', outDir: join(BUILD_DIR, 'new-user') });
    const { page } = browser;
    const query = new URLSearchParams({ api: api.url, assistant: ASSISTANTS.northwind });
    await page.goto(`${site.url}/dist/new-user/index.html?${query}`);
    expect(await page.getByLabel('Built with').textContent()).toBe(`Preact ${latest.preact}`);
    await chat(page).open();
    await chat(page).said(GREETING).waitFor(SEEN);
    await chat(page).send('book a cleaning');
    await chat(page)
      .said(/booked in!/)
      .first()
      .waitFor(SEEN);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
