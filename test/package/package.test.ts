// @vitest-environment node
/**
 * The packed package, as npm would publish it: what is in it, what publint and Are the Types Wrong say of it,
 * and that Node imports every entry without a DOM (server rendering). Runs on the build in dist/.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../gateway/helpers/cli';
import { ASSISTANTS, rawRequest, startStandIn } from '../helpers/stand-in';
import { installPackage, packPackage, PACKAGE_NAME, REPO_ROOT, type PackedPackage } from './packed';

const APP_DIR = join(REPO_ROOT, 'test-results', 'package', 'node-app');

// Packing, linting and starting Node take seconds, and more on a busy machine.
const SLOW = 60_000;

let packed: PackedPackage;
let packageDir: string;

beforeAll(() => {
  packed = packPackage();
  packageDir = installPackage(packed.tarball, APP_DIR);
}, SLOW);

// Unset when packing failed.
afterAll(() => (packed as PackedPackage | undefined)?.remove());

/** The launcher's panel files and their chunks, as the build wrote them to dist/. */
const panelFiles = () =>
  readdirSync(join(REPO_ROOT, 'dist'))
    .filter((name) => /^assistant-chat-.+\.js$/.test(name))
    .map((name) => `dist/${name}`);

describe('the packed package', { timeout: SLOW }, () => {
  it('holds the script-tag build with its panel, the npm build with its types, the gateway, the licence, the README and package.json, and nothing else', () => {
    const unexpected = packed.files.filter(
      (path) =>
        !/^dist\/(widget\.js|assistant-chat-[\w-]+\.js|lib\/[\w-]+\.js(\.map)?|types\/[\w/-]+\.d\.ts|gateway\/[\w-]+\.js)$/.test(path) &&
        !['LICENSE', 'README.md', 'package.json'].includes(path),
    );
    expect(unexpected).toEqual([]);
    expect(packed.files).toEqual(expect.arrayContaining(['dist/widget.js', ...panelFiles(), 'LICENSE', 'README.md', 'package.json']));
    expect(readFileSync(join(packageDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 assistant-chat-widget contributors\n/);
    for (const entry of ['index', 'element', 'react', 'preact']) {
      expect(packed.files).toEqual(expect.arrayContaining([`dist/lib/${entry}.js`, `dist/types/${entry}.d.ts`]));
    }
  });
  it('has the gateway entry and the assistant-chat-gateway bin, which runs from the package as installed', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['dist/gateway/index.js', 'dist/gateway/cli.js', 'dist/types/gateway/index.d.ts']));
    const help = execFileSync('npx', ['--no-install', 'assistant-chat-gateway', '--help'], { cwd: APP_DIR, encoding: 'utf8' });
    expect(help).toMatch(/^assistant-chat-gateway \d+\.\d+\.\d+/);
    expect(help).toContain('--allow-origin');
  });

  it('runs the gateway from the package as installed, in front of the stand-in API', async () => {
    const api = await startStandIn();
    const bin = join(APP_DIR, 'node_modules', '.bin', 'assistant-chat-gateway');
    const gateway = await startCli(['--upstream', api.url, '--allow-origin', 'https://shop.example'], { ASSISTANT_API_KEY: 'sk-packed' }, [bin]);
    try {
      const answer = await rawRequest(gateway.url + '/conversations', {
        method: 'POST',
        headers: { Origin: 'https://shop.example' },
        body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }),
      });
      expect(answer.status).toBe(200);
      expect((await api.requests())[0]?.headers.authorization).toBe('Bearer sk-packed');
      expect(await gateway.stop()).toBe(0);
    } finally {
      await gateway.stop();
      await api.close();
    }
  });

  it('has the very panel file the launcher loads, beside it', () => {
    const launcher = readFileSync(join(packageDir, 'dist', 'widget.js'), 'utf8');
    const named = launcher.match(/assistant-chat-panel-[\w-]+\.js/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    for (const name of new Set(named)) expect(packed.files).toContain(`dist/${name}`);
  });

  it('ships source maps that carry their sources, so none points at a file that is not there', () => {
    const maps = packed.files.filter((path) => path.endsWith('.map'));
    for (const path of maps) {
      const map = JSON.parse(readFileSync(join(packageDir, path), 'utf8')) as { sources: string[]; sourcesContent?: unknown[] };
      expect(map.sourcesContent, path).toHaveLength(map.sources.length);
    }
  });

  it('passes publint, suggestions included', async () => {
    const { messages, pkg } = await publint({ pkgDir: packageDir, pack: false, strict: true });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it('has types for every entry under node16 (ESM) and bundler resolution, as Are the Types Wrong checks an ES module package', () => {
    const attw = spawnSync(
      join(REPO_ROOT, 'node_modules', '.bin', 'attw'),
      [packed.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'],
      {
        encoding: 'utf8',
      },
    );
    expect(attw.status, attw.stdout + attw.stderr).toBe(0);
  });

  it('marks the React entry as a client module, so that a React Server Component may import it', () => {
    expect(readFileSync(join(packageDir, 'dist', 'lib', 'react.js'), 'utf8')).toMatch(/^['"]use client['"];\n/);
    for (const entry of ['index', 'element', 'preact']) {
      expect(readFileSync(join(packageDir, 'dist', 'lib', `${entry}.js`), 'utf8'), entry).not.toMatch(/use client/);
    }
  });

  it('is imported by Node without a DOM, every entry, the script-tag build included', () => {
    const script = `
      const entries = ['', '/element', '/react', '/preact', '/gateway', '/widget.js'];
      const exports = {};
      for (const entry of entries) exports[entry || '.'] = Object.keys(await import('${PACKAGE_NAME}' + entry)).sort();
      console.log(JSON.stringify(exports));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: APP_DIR, encoding: 'utf8' });
    const element = ['AssistantChatElement', 'TAG_NAME', 'defineAssistantChat'];
    expect(JSON.parse(output)).toEqual({
      '.': ['ChatWidget', 'mount', 'parseConfig'],
      '/element': element,
      '/react': ['AssistantChat', ...element],
      '/preact': element,
      '/gateway': [
        'CHALLENGE_HEADER',
        'DEFAULT_LIMITS',
        'TURNSTILE_VERIFY_URL',
        'createGateway',
        'createMemoryStore',
        'createRedisStore',
        'createTurnstileCheck',
      ],
      '/widget.js': [],
    });
  });
});

describe('the sources, in Node without a DOM', { timeout: SLOW }, () => {
  it('import every entry, registering nothing', async () => {
    expect(typeof HTMLElement).toBe('undefined');
    const entries = await Promise.all([
      import('../../src/index'),
      import('../../src/element'),
      import('../../src/react'),
      import('../../src/preact'),
    ]);
    expect(entries.map((entry) => Object.keys(entry).length)).toEqual([3, 3, 4, 3]);
  });
});
