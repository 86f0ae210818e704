// @ts-check
/**
 * The built widget served beside the API, as a site owner serves it from a CDN: `widget.js` and the
 * panel files it imports (`assistant-chat-*.js`) from the repository's dist/ folder, with
 * `Access-Control-Allow-Origin: *`. The panel is an ES module, which a page on another origin (or a
 * sandboxed frame) may load only with that header. So a page anywhere can try the real snippet:
 * `<script src="http://127.0.0.1:8787/widget.js" data-api-base="http://127.0.0.1:8787" …>`.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's build output. */
export const DEFAULT_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

/**
 * True for the paths of the widget's scripts (nothing else of dist/ is served).
 * @param {string} path
 */
export function isWidgetFile(path) {
  return /^\/(widget\.js|assistant-chat-[\w-]+\.js)$/.test(path);
}

/**
 * Answers a GET or HEAD for one of the widget's scripts from `distDir`.
 * @param {import('node:http').ServerResponse} res
 * @param {string} path a path {@link isWidgetFile} accepts
 * @param {string} distDir
 * @param {boolean} headOnly
 */
export async function serveWidgetFile(res, path, distDir, headOnly) {
  const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };
  let body;
  try {
    body = await readFile(join(distDir, path.slice(1)));
  } catch {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${path.slice(1)} is not built yet: run npm run build.\n`);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Length': body.length });
  res.end(headOnly ? undefined : body);
}
