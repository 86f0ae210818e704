/**
 * Building the framework apps of test/e2e/apps/ from the packed package, as their developers would: each
 * app's sources are copied into test-results/apps/<app>/ beside the unpacked tarball, type-checked by its
 * framework's checker and built by its framework's build tool. Everything the apps import besides the package
 * resolves from the repository's node_modules; where one library is there in two majors (React 18 and 19,
 * Preact 10 and 11, npm aliases in the root devDependencies), the build's aliases pick the app's, for the
 * package's imports too. Nothing is installed, nothing leaves the machine.
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { build, type Alias, type PluginOption } from 'vite';
import { REPO_ROOT } from '../../package/packed';

/** Where the apps are put together (git-ignored): the unpacked package, the apps' sources, and their builds. */
export const APPS_DIR = join(REPO_ROOT, 'test-results', 'apps');
/** The built apps, served under `/dist/<name>/`. */
export const BUILDS_DIR = join(APPS_DIR, 'builds');

const SOURCES_DIR = join(REPO_ROOT, 'test', 'e2e', 'apps');
const NODE_MODULES = join(REPO_ROOT, 'node_modules');

/** Copies the sources of `source` (a folder of test/e2e/apps/) to test-results/apps/<name>/ and returns that folder. */
export function copyApp(source: string, name = source): string {
  const root = join(APPS_DIR, name);
  rmSync(root, { recursive: true, force: true });
  cpSync(join(SOURCES_DIR, source), root, { recursive: true });
  return root;
}

/** Aliases that make `from` (and `from/…`) resolve to the package installed as `to` (an npm alias). */
export function aliasPackage(from: string, to: string): Alias[] {
  return [
    { find: new RegExp(`^${from}$`), replacement: to },
    { find: new RegExp(`^${from}/`), replacement: `${to}/` },
  ];
}

/** The same aliases for TypeScript's `paths`, to the types of the package installed as `to`. */
export function pathsTo(from: string, to: string): Record<string, string[]> {
  return { [from]: [join(NODE_MODULES, to)], [`${from}/*`]: [join(NODE_MODULES, to, '*')] };
}

/** Options of {@link viteBuild}. */
export interface ViteAppOptions {
  /** The app's folder, from {@link copyApp}. */
  root: string;
  /** Its name: the build goes to builds/<name>/, served under `/dist/<name>/`. */
  name: string;
  /** The JSX runtime's package (`react`, `preact`), for apps written in TSX. */
  jsx?: string;
  alias?: Alias[];
  plugins?: PluginOption[];
  /** Where the build goes; default builds/<name>/. */
  outDir?: string;
}

/** Builds an app with the repository's Vite (one copy for every Vite app), through its JS API. */
export async function viteBuild({ root, name, jsx, alias = [], plugins = [], outDir = join(BUILDS_DIR, name) }: ViteAppOptions): Promise<void> {
  await build({
    configFile: false,
    root,
    base: `/dist/${name}/`,
    logLevel: 'warn',
    cacheDir: join(root, '..', '.vite', name),
    resolve: { alias },
    plugins,
    ...(jsx && { oxc: { jsx: { runtime: 'automatic', importSource: jsx } } }),
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
}

/** The compiler options of the TSX apps: strict, for the browser, bundler resolution. */
const APP_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
  skipLibCheck: true,
  types: [],
};

/** Type-checks `files` with TypeScript (the repository's) and `options` added to the apps'; throws with what it says. */
export function typecheck(files: string[], options: ts.CompilerOptions): void {
  const program = ts.createProgram(files, { ...APP_OPTIONS, ...options });
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => APPS_DIR, getNewLine: () => '\n' };
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length) throw new Error(`TypeScript:\n${ts.formatDiagnostics(problems, host)}`);
}

/** What a command printed, when it succeeded. */
export interface Ran {
  output: string;
  seconds: number;
}

/**
 * Runs a package's command-line tool (`node_modules/<bin>`) in `cwd`, without telemetry or prompts; resolves
 * with what it printed, rejects with that when it fails.
 */
export function runTool(bin: string, args: string[], cwd: string): Promise<Ran> {
  return run(process.execPath, [join(NODE_MODULES, bin), ...args], cwd);
}

/**
 * Runs `command` in `cwd`, without telemetry, prompts or colours, and without the test run's `NODE_ENV`; resolves
 * with what it printed, rejects with that when it fails.
 */
export function run(command: string, args: string[], cwd: string): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: undefined, NEXT_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false', CI: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ output, seconds });
      else reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${output}`));
    });
  });
}

/** A free TCP port on 127.0.0.1 (the system's pick, released for the caller to listen on at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A running server of an app (`next start`). */
export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `next start` for the built app in `root` on 127.0.0.1 and a free port; resolves once it answers. */
export async function startNext(root: string): Promise<AppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(NODE_MODULES, 'next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`${url}/favicon.ico`).then(
      () => true,
      () => false,
    );
    if (answered) return { url, close };
    if (performance.now() > deadline) {
      await close();
      throw new Error(`next start did not answer on ${url} within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
