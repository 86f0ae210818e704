/**
 * A real `redis-server` for a test file (Debian's package): on 127.0.0.1, a free port, no persistence,
 * stopped at the end. When it is missing and the tests run as root, it is installed with apt-get, as the
 * e2e setup does for Chromium; otherwise the error says the command.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { delimiter, join } from 'node:path';

/** A running Redis. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  stop(): Promise<void>;
}

/** Starts redis-server (installing it first when missing and root). */
export async function startRedis(): Promise<RedisServer> {
  const binary = ensureRedisServer();
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, exited);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function ensureRedisServer(): string {
  const found = which('redis-server');
  if (found) return found;
  const command = 'apt-get update && apt-get install -y redis-server';
  if (process.getuid?.() !== 0) throw new Error(`redis-server is missing; install Debian's package: sudo sh -c '${command}'`);
  console.log("Installing Debian's redis-server for the gateway tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'redis-server'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed; install it by hand: ${command}`);
  }
  const installed = which('redis-server');
  if (!installed) throw new Error(`redis-server is still missing after: ${command}`);
  return installed;
}

function which(command: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/sbin']) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/** A port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls until something accepts connections on `port` (or the server exits). */
async function waitForPort(port: number, exited: Promise<void>): Promise<void> {
  const state = { gone: false };
  void exited.then(() => (state.gone = true));
  for (let tries = 0; tries < 200; tries++) {
    if (state.gone) throw new Error('redis-server exited at start');
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not listen on port ${port}`);
}
