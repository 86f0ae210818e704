/**
 * The built CLI (dist/gateway/cli.js, which `npm test` builds before the tests) as a child process: the
 * way a site owner runs it. It listens on a free port of 127.0.0.1 and says where in its first log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built CLI. */
export const CLI = fileURLToPath(new URL('../../../dist/gateway/cli.js', import.meta.url));

/** A running gateway process. */
export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  /** Its standard output, parsed line by line. */
  lines: Record<string, unknown>[];
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for it to exit. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node dist/gateway/cli.js ...args` (or `command`, e.g. the bin of an installed package) on
 * 127.0.0.1 and a free port, and waits until it listens.
 */
export async function startCli(
  args: string[],
  env: Record<string, string> = {},
  command: string[] = [process.execPath, CLI],
): Promise<GatewayProcess> {
  if (!existsSync(command.at(-1)!))
    throw new Error(`${command.at(-1)} is missing: run \`npm run build\` first (\`npm test\` builds before it runs the tests).`);
  const child = spawn(command[0]!, [...command.slice(1), '--host', '127.0.0.1', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let errors = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, end)) as Record<string, unknown>;
        buffered = buffered.slice(end + 1);
        lines.push(line);
        if (line.event === 'listening') resolve(String(line.url));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    void exited.then((code) => reject(new Error(`the gateway exited (${code}) before listening: ${errors}`)));
  });
  return {
    url,
    child,
    lines,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
