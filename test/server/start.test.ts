// @vitest-environment node
/**
 * `npm run api` (demo/server/start.mjs) as a real child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { ASSISTANTS, createTempDir } from '../helpers/stand-in';

const SCRIPT = fileURLToPath(new URL('../../demo/server/start.mjs', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the URL the CLI prints once it listens; rejects if it exits first. */
function listening(runner: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ctrl\+C to stop/.exec(runner.output());
      if (!match) return;
      runner.child.stdout?.off('data', check);
      resolve(match[1]!);
    };
    runner.child.stdout?.on('data', check);
    void runner.exited.then((code) => reject(new Error(`exited with ${String(code)}: ${runner.output()}`)));
    check();
  });
}

describe('npm run api', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves the API on the given port, prints its URL and stops cleanly on %s', async (signal) => {
    const dataDir = await createTempDir();
    dirs.push(dataDir);
    const runner = run(['--port', '0', '--data', dataDir, '--delay', '0']);
    const url = await listening(runner);

    const client = createApiClient({ baseUrl: url, fetch: (u, init) => fetch(u, init) });
    const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.northwind, type: 'test', variables: { name: 'CLI' } });
    expect((await client.sendMessage(conversationId, 'hello')).message).toMatch(/Hello!/);
    expect((await fetch(`${url}/__control/requests`)).status).toBe(404);

    runner.child.kill(signal);
    expect(await runner.exited).toBe(0);
    expect(runner.output()).toContain(`${signal}: stopping`);
  });

  it('turns on the control endpoint with --control', async () => {
    const dataDir = await createTempDir();
    dirs.push(dataDir);
    const runner = run(['--port', '0', '--data', dataDir, '--control']);
    const url = await listening(runner);
    expect(runner.output()).toContain(`control endpoint: ${url}/__control`);
    expect((await fetch(`${url}/__control/requests`)).status).toBe(200);
    runner.child.kill('SIGTERM');
    expect(await runner.exited).toBe(0);
  });

  it('explains a bad option and exits with status 2', async () => {
    const runner = run(['--port', 'eighty']);
    expect(await runner.exited).toBe(2);
    expect(runner.output()).toContain('--port must be a whole number');
    expect(runner.output()).toContain('Usage: node demo/server/start.mjs');
  });
});
