/**
 * A small client of the W3C WebDriver protocol (classic, over HTTP), enough to drive WebKit through
 * `WebKitWebDriver` and Debian's `MiniBrowser`: sessions, windows, navigation, scripts, input actions and
 * screenshots. The server runs on a free port on 127.0.0.1 under an X server of its own (Xvfb), both stopped with
 * the client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian installs WebKitGTK's test browser. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A WebDriver server with its display. */
export interface WebDriverServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts Xvfb on a free display and reads the display's number from it. */
export function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    xvfb.once('error', reject);
    xvfb.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: xvfb });
    });
  });
}

/** Starts WebKitWebDriver under a display of its own. */
export async function startWebKitDriver(): Promise<WebDriverServer> {
  const xvfb = await startXvfb();
  const port = await freePort();
  // Scrollbars drawn as a visitor sees them while scrolling, always (GTK's overlay ones show only then): a GTK
  // setting, in a configuration folder of its own.
  const config = mkdtempSync(join(tmpdir(), 'webkit-gtk-'));
  mkdirSync(join(config, 'gtk-3.0'));
  writeFileSync(join(config, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-overlay-scrolling=false\n');
  const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: config, GTK_OVERLAY_SCROLLING: '0' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      const status = await fetch(`${url}/status`);
      if (status.ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 100) throw new Error('WebKitWebDriver did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      driver.kill();
      xvfb.process.kill();
      rmSync(config, { recursive: true, force: true });
    },
  };
}

/** Keys as WebDriver names them. */
export const KEYS: Record<string, string> = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Shift: '\uE008', Backspace: '\uE003' };

/** One WebDriver session (one browser with its windows). */
export class WebDriverSession {
  private constructor(
    private readonly server: string,
    readonly id: string,
  ) {}

  /** Opens a session of MiniBrowser, with a fresh profile. */
  static async open(server: string): Promise<WebDriverSession> {
    const created = await call<{ sessionId: string }>(server, 'POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
    });
    return new WebDriverSession(server, created.sessionId);
  }

  /** A command of this session. */
  send<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return call<T>(this.server, method, `/session/${this.id}${path}`, body);
  }

  close(): Promise<unknown> {
    return this.send('DELETE', '');
  }
}

/** One command: its value, or an error with the server's words. */
async function call<T>(server: string, method: string, path: string, body?: unknown): Promise<T> {
  // A stalled command fails as itself, in time for the test to say which.
  const response = await fetch(server + path, {
    signal: AbortSignal.timeout(30_000),
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    throw new Error(`WebDriver ${method} ${path}: no answer`, { cause: error });
  });
  const answer = (await response.json()) as { value?: T & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value?.error}: ${answer.value?.message}`);
  return answer.value as T;
}
