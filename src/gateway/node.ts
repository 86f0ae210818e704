/**
 * The gateway on Node's own HTTP server: an adapter from `node:http` to the Fetch handler, and a
 * server that shuts down gracefully (it stops accepting, lets the requests in flight finish, then
 * closes what is left after a grace period).
 */
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { GatewayHandler } from './handler';

/** After a handler stops reading an over-long body, at most this much more is read and dropped before the connection is cut. */
const MAX_DRAIN_BYTES = 1024 * 1024;

/** The request as the Fetch API sees it: method, URL, headers and a body streamed from the connection. */
export function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // (Only the path matters to the gateway: the host is not trusted for anything.)
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  return new Request(url, { method, headers, ...(hasBody && { body: bodyOf(req), duplex: 'half' }) });
}

/**
 * The request body as a web stream. Cancelling it (a body over the limit) drains the rest instead of
 * destroying the connection, so the client still gets its 413, up to a limit past which it is cut.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => cancelled || controller.close());
      req.on('error', (error) => cancelled || controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      cancelled = true;
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.byteLength;
        if (drained > MAX_DRAIN_BYTES) req.socket.destroy();
      });
      req.resume();
    },
  });
}

/** Statuses whose responses have no body (the `Response` constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for the gateway's calls upstream over `node:http(s)` with kept-alive connections: the one
 * thing of a request the gateway times most. (Node's own `fetch` costs about a millisecond of CPU more a
 * request, measured with test/gateway/load.mjs, which is most of what the gateway adds.) It takes what
 * the gateway sends: a method, plain headers, a string body and a signal.
 */
export function createNodeFetch(): typeof fetch {
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 256 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 256 }) };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const secure = url.protocol === 'https:';
      const options = {
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        agent: secure ? agents.https : agents.http,
        signal: init.signal ?? undefined,
      };
      const req = (secure ? httpsRequest : httpRequest)(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          if (!res.complete) {
            reject(new Error('the connection closed before the answer was complete'));
            return;
          }
          try {
            const status = res.statusCode ?? 0;
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of [value ?? []].flat()) headers.append(name, one);
            }
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
}

/** Writes a Fetch `Response` to a Node response. */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...(body && { 'Content-Length': String(body.byteLength) }) });
  res.end(body);
}

/** A Node request listener that runs `handler`, with the connection's address for the limits. */
export function toNodeListener(handler: GatewayHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      try {
        const response = await handler(toRequest(req), { clientAddress: req.socket.remoteAddress });
        await writeResponse(response, res);
      } catch {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: false, error: 'Internal server error' }));
      }
    })();
  };
}

/** Options of {@link startGatewayServer}. */
export interface GatewayServerOptions {
  handler: GatewayHandler;
  /** Default 8788; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (`0.0.0.0` in a container). */
  host?: string;
  /**
   * Longest a request may take, in ms, before Node gives up on it (above the gateway's own upstream
   * time limits). Default 60000.
   */
  requestTimeoutMs?: number;
}

/** A running gateway server. */
export interface GatewayServer {
  /** `http://host:port`. */
  url: string;
  port: number;
  /**
   * Stops accepting connections and waits for the requests in flight to finish; after `graceMs`
   * (default 45000, more than a reply may take) the connections left are cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts the gateway on Node's HTTP server. */
export async function startGatewayServer({
  handler,
  port = 8788,
  host = '127.0.0.1',
  requestTimeoutMs = 60000,
}: GatewayServerOptions): Promise<GatewayServer> {
  const listener = toNodeListener(handler);
  let closing = false;
  const server = createServer({ requestTimeout: requestTimeoutMs }, (req, res) => {
    // Once closing, each answer ends its connection, so the last one in flight lets the server close.
    if (closing) res.setHeader('Connection', 'close');
    listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close(graceMs = 45000) {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
