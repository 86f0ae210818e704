// @ts-check
/**
 * A tiny static server on 127.0.0.1 for the benchmark pages: registered HTML pages, plus folders
 * mounted under a prefix (dist/ under /dist/, the floor build under /floor/). Nothing is cached
 * (`Cache-Control: no-store`) and nothing is compressed: on loopback the transfer is instant either way,
 * and the bytes a site would send are measured separately (size section).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** @type {Record<string, string>} */
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * @typedef {object} BenchServer
 * @property {string} url the origin, like `http://127.0.0.1:40123`
 * @property {(path: string, html: string) => string} page serves `html` at `path`; returns the full URL
 * @property {() => Promise<void>} close
 */

/**
 * Starts the server on an ephemeral port.
 * @param {Record<string, string>} mounts URL prefix (like `/dist/`) → folder
 * @returns {Promise<BenchServer>}
 */
export async function startBenchServer(mounts) {
  /** @type {Map<string, string>} */
  const pages = new Map();
  const folders = Object.entries(mounts).map(([prefix, dir]) => /** @type {const} */ ([prefix, resolve(dir)]));

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const page = pages.get(path);
    if (page !== undefined) {
      res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' });
      res.end(page);
      return;
    }
    const mount = folders.find(([prefix]) => path.startsWith(prefix));
    if (mount) {
      void serveFile(res, mount[1], path.slice(mount[0].length));
      return;
    }
    // Chromium asks for a favicon; an empty answer keeps a 404 out of the page's console.
    res.writeHead(path === '/favicon.ico' ? 204 : 404, { 'Cache-Control': 'no-store' });
    res.end();
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('bench server: no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    page(path, html) {
      pages.set(path, html);
      return url + path;
    },
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} root
 * @param {string} encoded
 */
async function serveFile(res, root, encoded) {
  try {
    const file = resolve(root, decodeURIComponent(encoded));
    if (!file.startsWith(root + sep)) throw new Error('outside the served folder');
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'Cache-Control': 'no-store' });
    res.end();
  }
}
