// @ts-check
/**
 * A tiny static server on 127.0.0.1 for the benchmark pages: registered HTML pages, plus folders
 * mounted under a prefix (dist/ under /dist/, the floor build under /floor/). Nothing is cached
 * (`Cache-Control: no-store`) and, by default, nothing is compressed: on loopback the transfer is instant
 * either way, and the bytes a site would send are measured separately (size section). The Lighthouse
 * section turns gzip on: its simulated network times every byte, so it must get the bytes a site sends.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const HTML = 'text/html; charset=utf-8';
/** @type {Record<string, string>} */
const TYPES = {
  '.html': HTML,
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** What a web server compresses: text, not images (already compressed). */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

/**
 * @typedef {object} ServerOptions
 * @property {boolean} [gzip] gzip text responses when the request accepts it, as a site's server or CDN does
 * @property {Record<string, string>} [headers] added to every response (a CDN's `Access-Control-Allow-Origin`)
 */

/**
 * @typedef {object} BenchServer
 * @property {string} url the origin, like `http://127.0.0.1:40123`
 * @property {(path: string, html: string) => string} page serves `html` at `path`; returns the full URL
 * @property {() => Promise<void>} close
 */

/**
 * Starts the server on an ephemeral port.
 * @param {Record<string, string>} mounts URL prefix (like `/dist/`) → folder
 * @param {ServerOptions} [options]
 * @returns {Promise<BenchServer>}
 */
export async function startBenchServer(mounts, options = {}) {
  /** @type {Map<string, string>} */
  const pages = new Map();
  const folders = Object.entries(mounts).map(([prefix, dir]) => /** @type {const} */ ([prefix, resolve(dir)]));

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const gzip = Boolean(options.gzip) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const send = sender(res, { ...options.headers, 'Cache-Control': 'no-store' }, gzip);
    const page = pages.get(path);
    if (page !== undefined) {
      send(200, HTML, Buffer.from(page));
      return;
    }
    const mount = folders.find(([prefix]) => path.startsWith(prefix));
    if (mount) {
      void serveFile(send, mount[1], path.slice(mount[0].length));
      return;
    }
    // Chromium asks for a favicon; an empty answer keeps a 404 out of the page's console.
    send(path === '/favicon.ico' ? 204 : 404, null, null);
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
 * @typedef {(status: number, type: string | null, body: Buffer | null) => void} Send
 */

/**
 * Answers one request: `headers` on every response, the body gzipped when `gzip` and it is text.
 * @param {import('node:http').ServerResponse} res
 * @param {Record<string, string>} headers
 * @param {boolean} gzip
 * @returns {Send}
 */
function sender(res, headers, gzip) {
  return (status, type, body) => {
    if (!type || !body) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const compress = gzip && COMPRESSIBLE.test(type);
    const bytes = compress ? gzipSync(body, { level: 9 }) : body;
    res.writeHead(status, {
      ...headers,
      'Content-Type': type,
      'Content-Length': bytes.length,
      ...(compress ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    });
    res.end(bytes);
  };
}

/**
 * @param {Send} send
 * @param {string} root
 * @param {string} encoded
 */
async function serveFile(send, root, encoded) {
  try {
    const file = resolve(root, decodeURIComponent(encoded));
    if (!file.startsWith(root + sep)) throw new Error('outside the served folder');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
  } catch {
    send(404, null, null);
  }
}
