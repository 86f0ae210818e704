// @vitest-environment node
/**
 * The `assistant-chat-gateway` CLI as a site owner runs it (the build in dist/gateway, in a child
 * process): its help, its refusals of a bad command line, and a graceful shutdown that lets a reply in
 * flight finish.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { CLI, startCli } from './helpers/cli';

const SITE = 'https://shop.example';
const KEY = 'sk-cli-test-5a9c';

let api: StandIn;
beforeAll(async () => {
  api = await startStandIn();
});
afterAll(() => api.close());

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 });

describe('the command line', () => {
  it('--help says how to run it and every limit’s flag', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npx assistant-chat-gateway --upstream');
    for (const flag of [
      '--allow-origin',
      '--allow-no-origin',
      '--trust-proxy',
      '--identity-secret',
      '--challenge turnstile',
      '--conversations-per-hour',
      '--messages-per-minute',
      '--messages-per-day',
      '--site-messages-per-day',
      'REDIS_URL',
      'ASSISTANT_API_KEY',
    ]) {
      expect(help.stdout).toContain(flag);
    }
  });

  it('refuses a bad command line with one clear line and exit code 2', () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--allow-origin', SITE], { ASSISTANT_API_KEY: KEY }, /--upstream is required/],
      [['--upstream', api.url, '--allow-origin', SITE], {}, /API key is missing \(ASSISTANT_API_KEY\)/],
      [['--upstream', api.url], { ASSISTANT_API_KEY: KEY }, /no site is allowed/],
      [['--upstream', api.url, '--allow-origin', 'shop.example'], { ASSISTANT_API_KEY: KEY }, /Not an origin: "shop.example"/],
      [
        ['--upstream', api.url, '--allow-origin', SITE, '--messages-per-minute', 'ten'],
        { ASSISTANT_API_KEY: KEY },
        /--messages-per-minute must be a whole number/,
      ],
      [['--upstream', api.url, '--allow-origin', SITE, '--challenge', 'turnstile'], { ASSISTANT_API_KEY: KEY }, /TURNSTILE_SECRET/],
      [['--upstream', api.url, '--allow-origin', SITE, '--frobnicate'], { ASSISTANT_API_KEY: KEY }, /Unknown option '--frobnicate'[\s\S]*See --help/],
    ];
    for (const [args, env, message] of cases) {
      const result = run(args, env);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr).not.toContain(KEY);
    }
  });
  it('with REDIS_URL but without the optional redis package, says to install it', () => {
    // The built files alone, in a folder where no node_modules can be found: as in an app that did not install redis.
    const folder = mkdtempSync(join(tmpdir(), 'gateway-no-redis-'));
    try {
      for (const name of readdirSync(dirname(CLI))) copyFileSync(join(dirname(CLI), name), join(folder, name));
      const result = spawnSync(process.execPath, [join(folder, 'cli.js'), '--upstream', api.url, '--allow-origin', SITE], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ASSISTANT_API_KEY: KEY, REDIS_URL: 'redis://127.0.0.1:1' },
        timeout: 20_000,
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/REDIS_URL is set, but the "redis" package cannot be loaded \(npm install redis\)/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a running gateway', () => {
  it('serves the widget’s routes with the key from the environment, and logs JSON lines', async () => {
    await api.reset();
    const gateway = await startCli(['--upstream', api.url, '--allow-origin', SITE], { ASSISTANT_API_KEY: KEY });
    try {
      const answer = await rawRequest(gateway.url + '/conversations', {
        method: 'POST',
        headers: { Origin: SITE },
        body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }),
      });
      expect(answer.status).toBe(200);
      expect((await api.requests())[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      await expect.poll(() => gateway.lines.find((line) => line.route === 'create')).toMatchObject({ method: 'POST', status: 200 });
    } finally {
      await gateway.stop();
    }
  });

  it('on SIGTERM stops accepting, lets the reply in flight finish, and exits 0', async () => {
    await api.reset();
    const gateway = await startCli(['--upstream', api.url, '--allow-origin', SITE], { ASSISTANT_API_KEY: KEY });
    const created = await rawRequest(gateway.url + '/conversations', {
      method: 'POST',
      headers: { Origin: SITE },
      body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }),
    });
    const id = (JSON.parse(created.text) as { conversation_id: string }).conversation_id;
    await api.fault('slow', { delayMs: 1500 });
    const inFlight = rawRequest(`${gateway.url}/conversations/${id}/messages`, {
      method: 'POST',
      headers: { Origin: SITE },
      body: '{"message":"where is order 9?"}',
    });
    // Once the platform has the message, the gateway is told to stop.
    await expect.poll(async () => (await api.requests()).some((r) => r.path.endsWith('/messages')), { timeout: 5000 }).toBe(true);
    gateway.child.kill('SIGTERM');
    await expect.poll(() => gateway.lines.some((line) => line.event === 'stopping')).toBe(true);
    // A new connection is refused while the reply is still on its way…
    await expect(rawRequest(gateway.url + '/health')).rejects.toThrow(/ECONNREFUSED/);
    // …and the reply still arrives, whole.
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ status: true, message: expect.stringContaining('has shipped') });
    expect(await gateway.exited).toBe(0);
    expect(gateway.lines.at(-1)).toMatchObject({ event: 'stopped' });
  });
});
