/**
 * A tiny HTTP server on 127.0.0.1 for the browser tests: the built `dist/` folder under `/dist/`, and
 * pages that each test registers (with the headers it wants, for example a Content-Security-Policy).
 */
import { createServer, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's build output, served under `/dist/`. */
export const DIST_DIR = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** Options of one registered page or file. */
export interface PageOptions {
  /** Response headers, for example `{ 'Content-Security-Policy': "script-src 'self'" }`. */
  headers?: Record<string, string>;
  /** Defaults to `text/html; charset=utf-8`; a `Content-Type` in `headers` wins. */
  contentType?: string;
  /** Defaults to 200. */
  status?: number;
}

/** A running static server. */
export interface StaticServer {
  /** The origin, for example `http://127.0.0.1:40123` (no trailing slash). */
  readonly url: string;
  /**
   * Serves `body` at `path` (which starts with `/`) until it is registered again or the server closes,
   * and returns the full URL. Registering the same path again replaces the page.
   */
  page(path: string, body: string, options?: PageOptions): string;
  /**
   * Holds back the `/dist/` files whose path matches `pattern` (a panel still on its way over a slow network):
   * they are answered once `release()` is called. `requested` resolves when the first one is asked for.
   */
  holdBack(pattern: RegExp): HeldBack;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Files held back by {@link StaticServer.holdBack}. */
export interface HeldBack {
  /** Resolves when the browser has asked for one of them. */
  readonly requested: Promise<void>;
  /** Answers them (and every later request for them) now. */
  release(): void;
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /** The folder served under `/dist/`; defaults to the repository's `dist/`. */
  distDir?: string;
  /**
   * Serve `/dist/` with `Access-Control-Allow-Origin: *`, as the README tells site owners to (the panel is a
   * module: pages on other origins, and sandboxed frames, load it only with that header). Default true.
   */
  cors?: boolean;
  /**
   * Name UTF-8 in the `Content-Type` of `/dist/` files (default true); false serves them the way many servers
   * do, with no charset, so the browser falls back to the page's encoding for a classic script.
   */
  charset?: boolean;
  /**
   * Also serve the repository's `node_modules/` under `/node_modules/` (for pages that import the npm build with an
   * import map). Default false.
   */
  nodeModules?: boolean;
}

/** The repository's node_modules, served under `/node_modules/` with `nodeModules`. */
const NODE_MODULES_DIR = fileURLToPath(new URL('../../../node_modules/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface RegisteredPage {
  body: string;
  status: number;
  headers: Record<string, string>;
}

/** Starts a static server on 127.0.0.1 on an ephemeral port. */
export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  const distDir = resolve(options.distDir ?? DIST_DIR);
  const pages = new Map<string, RegisteredPage>();
  const held: { pattern: RegExp; asked: () => void; released: Promise<void> }[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed');
      return;
    }
    const registered = pages.get(path);
    if (registered) {
      res.writeHead(registered.status, { 'Cache-Control': 'no-store', ...registered.headers });
      res.end(req.method === 'HEAD' ? undefined : registered.body);
      return;
    }
    const hold = held.find(({ pattern }) => pattern.test(path));
    if (hold && path.startsWith('/dist/')) {
      hold.asked();
      void hold.released.then(() =>
        serveFile(res, distDir, path.slice('/dist/'.length), req.method === 'HEAD', options.cors ?? true, options.charset ?? true),
      );
      return;
    }
    if (path.startsWith('/dist/')) {
      void serveFile(res, distDir, path.slice('/dist/'.length), req.method === 'HEAD', options.cors ?? true, options.charset ?? true);
      return;
    }
    if (options.nodeModules && path.startsWith('/node_modules/')) {
      void serveFile(res, resolve(NODE_MODULES_DIR), path.slice('/node_modules/'.length), req.method === 'HEAD', true, true);
      return;
    }
    // Chromium asks for a favicon on every page; an empty answer keeps 404s out of the page's log.
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendText(res, 404, 'Not found');
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server: no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    page(path, body, pageOptions = {}) {
      if (!path.startsWith('/')) throw new Error(`static server: page path must start with "/": ${path}`);
      const headers = { 'Content-Type': pageOptions.contentType ?? 'text/html; charset=utf-8', ...pageOptions.headers };
      pages.set(path, { body, status: pageOptions.status ?? 200, headers });
      return url + path;
    },
    holdBack(pattern) {
      let asked!: () => void;
      let release!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.push({ pattern, asked, released });
      return { requested, release };
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

async function serveFile(res: ServerResponse, root: string, encoded: string, headOnly: boolean, cors: boolean, charset: boolean): Promise<void> {
  try {
    const file = resolve(root, decodeURIComponent(encoded));
    // Never leave the served folder, whatever the path says.
    if (!file.startsWith(root + sep)) {
      sendText(res, 404, 'Not found');
      return;
    }
    const body = await readFile(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'Content-Type': charset ? type : type.replace(/;\s*charset=[^;]*/, ''),
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
      ...(cors && { 'Access-Control-Allow-Origin': '*' }),
    });
    res.end(headOnly ? undefined : body);
  } catch {
    sendText(res, 404, 'Not found');
  }
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
