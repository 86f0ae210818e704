// @ts-check
/**
 * Small HTTP helpers for the stand-in API: CORS, JSON and HTML answers, reading a bounded body.
 */

/** The largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Past this many bytes an over-long body is no longer drained: the connection is cut. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * CORS for any origin, without credentials: the widget runs on other people's pages and never sends
 * cookies or an Authorization header. (The account endpoints take an API key in `Authorization`, which
 * is a header the page sets, not a browser credential: `*` still applies.)
 * @type {Record<string, string>}
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
};

/**
 * Answers a CORS preflight: GET and POST with a Content-Type (and Accept) header and, where
 * `authorization` is set (the account endpoints), an Authorization header. `*` does not cover
 * Authorization: it has to be named.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ authorization?: boolean }} [options]
 */
export function sendPreflight(req, res, { authorization = false } = {}) {
  /** @type {Record<string, string>} */
  const headers = {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': authorization ? 'Content-Type, Accept, Authorization' : 'Content-Type, Accept',
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  };
  // Chromium's Private Network Access: a page on a public origin may call this local server.
  if (req.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  res.writeHead(204, headers);
  res.end();
}

/**
 * Serialises a JSON answer with CORS and no-store headers.
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 * @returns {{ status: number; headers: Record<string, string>; text: string }}
 */
export function jsonResponse(status, body, headers = {}) {
  const text = JSON.stringify(body);
  return {
    status,
    text,
    headers: {
      ...CORS_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  };
}

/**
 * Writes a JSON answer.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const out = jsonResponse(status, body, headers);
  if (res.headersSent || res.destroyed) return;
  res.writeHead(out.status, out.headers);
  res.end(out.text);
}

/**
 * Writes a proxy-style HTML error page (what a load balancer sends when the app is down).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} reason
 */
export function sendHtml(res, status, reason) {
  const text =
    `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n` +
    `<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'text/html',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * @typedef {{ kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' }} BodyResult
 */

/**
 * Reads the request body up to `MAX_BODY_BYTES`. A longer body is drained (so the 413 answer
 * reaches the client instead of a reset) up to a hard cap, past which the connection is cut.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<BodyResult>}
 */
export function readBody(req) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (size > MAX_DRAIN_BYTES) {
        req.socket.destroy();
        resolve({ kind: 'aborted' });
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? { kind: 'too-large' } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}

/**
 * True when the request declares a JSON body (`application/json` or `…+json`).
 * @param {import('node:http').IncomingMessage} req
 */
export function isJsonContentType(req) {
  const type =
    String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
