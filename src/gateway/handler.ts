/**
 * The gateway: a standard Fetch handler (`(request) => Promise<Response>`) that a site owner runs in
 * front of the platform, so the widget on a public page needs no key and a stranger's script cannot chat
 * on the owner's balance. Only the widget's three routes pass, only from the owner's sites, within
 * limits, with the key added upstream. Pure Fetch API code: it runs on Node, Deno, Bun, Cloudflare
 * Workers and serverless functions alike.
 */
import { corsHeaders, failure, invalid, json, preflight, rateLimited } from './answers';
import { clientAddress, clientKey } from './address';
import { readJsonBody } from './body';
import { CHALLENGE_HEADER } from './challenge';
import { createIdentityCheck } from './identity';
import { createLimiter, createMemoryStore, type Usage } from './limits';
import { consoleLogger, type LogEntry } from './log';
import { resolveOptions, type GatewayOptions } from './options';
import { matchRoute } from './routes';
import { forward } from './upstream';
import { checkCreate, checkSend } from './validate';

/** What the server knows of the connection that the request itself does not carry. */
export interface ConnectionInfo {
  /** The address the connection came from (Node: `socket.remoteAddress`; Deno: `info.remoteAddr.hostname`). */
  clientAddress?: string;
}

/** A Fetch handler; the second argument is optional (without it, clients are told apart by headers only). */
export type GatewayHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** Creates the gateway's handler. Throws one clear error when the options are wrong. */
export function createGateway(options: GatewayOptions): GatewayHandler {
  const config = resolveOptions(options);
  const store = options.store ?? createMemoryStore();
  const limiter = createLimiter(config.limits, store);
  const checkIdentity = createIdentityCheck(config.identitySecret);
  const upstream = { base: config.upstream, apiKey: config.apiKey, fetch: options.fetch ?? ((input, init) => fetch(input, init)) };
  const log = options.log === false ? () => {} : (options.log ?? consoleLogger);
  const now = options.now ?? Date.now;

  return async function gateway(request, connection = {}) {
    const started = now();
    const origin = request.headers.get('origin');
    const entry: LogEntry = { time: new Date(started).toISOString(), method: request.method, route: 'none', status: 0, ms: 0, origin };
    let response: Response;
    try {
      response = await handle(request, connection, origin, entry);
    } catch {
      // (A bug: the visitor gets the platform's shape of a server error.)
      entry.refused ??= 'error';
      response = failure(503, 'The chat gateway cannot take messages right now.', origin && config.isAllowed(origin) ? corsHeaders(origin) : {});
    }
    entry.status = response.status;
    entry.ms = now() - started;
    try {
      log(entry);
    } catch {
      // A logger that throws must not turn an answer into an error.
    }
    return response;
  };

  async function handle(request: Request, connection: ConnectionInfo, origin: string | null, entry: LogEntry): Promise<Response> {
    const method = request.method.toUpperCase();
    const { pathname } = new URL(request.url);
    const path = config.basePath ? (pathname.startsWith(config.basePath + '/') ? pathname.slice(config.basePath.length) : '') : pathname;
    const route = matchRoute(method, path);
    const allowed = origin !== null && config.isAllowed(origin);
    const cors = allowed ? corsHeaders(origin) : {};
    if (!route) return failure(404, 'Not found', cors);
    entry.route = route.name;
    if (route.name === 'health') return health();

    // A page of another site gets no CORS, so its scripts cannot read the answer either.
    if (origin === null ? !config.allowNoOrigin : !allowed) {
      entry.refused = 'origin';
      return failure(403, origin === null ? 'Requests must come from a page of this site.' : 'This site may not use this chat.');
    }
    if (route.name === 'preflight')
      return allowed ? preflight(origin, request.headers.get('access-control-request-private-network') === 'true') : failure(404, 'Not found');
    if (route.name === 'bad-id') return failure(404, 'Conversation not found', cors);

    const address = config.clientAddress?.(request)?.trim() || clientAddress(request, connection.clientAddress, config.trustProxy);
    const client = clientKey(address);

    if (route.name === 'read') {
      const limited = await limit({ kind: 'read', client }, entry, cors);
      if (limited) return limited;
      return upstreamCall(entry, cors, { method: 'GET', path: `/conversations/${route.conversationId}`, timeoutMs: config.timeoutMs });
    }

    const body = await readJsonBody(request, config.maxBodyBytes);
    if (body.kind !== 'ok') {
      entry.refused = body.kind;
      if (body.kind === 'too-large') return failure(413, `Request body too large (limit ${config.maxBodyBytes} bytes)`, cors);
      if (body.kind === 'not-json') return failure(415, 'Content-Type must be application/json', cors);
      return failure(400, 'Malformed JSON body', cors);
    }

    if (route.name === 'send') {
      const checked = checkSend(body.value);
      if (!checked.ok) {
        entry.refused = 'invalid';
        return invalid(checked.errors, cors);
      }
      const limited = await limit({ kind: 'send', conversationId: route.conversationId }, entry, cors);
      if (limited) return limited;
      return upstreamCall(entry, cors, {
        method: 'POST',
        path: `/conversations/${route.conversationId}/messages`,
        body: checked.value,
        timeoutMs: config.sendTimeoutMs,
      });
    }

    const checked = checkCreate(body.value);
    if (!checked.ok) {
      entry.refused = 'invalid';
      return invalid(checked.errors, cors);
    }
    if (config.assistants && !config.assistants.has(checked.value.assistant_id)) {
      entry.refused = 'assistant';
      return failure(404, 'Assistant not found', cors);
    }
    const identity = await checkIdentity(checked.value.variables);
    if (identity.kind === 'refused') {
      entry.refused = 'signature';
      return failure(403, identity.reason === 'missing' ? "The visitor's signature is missing." : "The visitor's signature does not match.", cors);
    }
    entry.signed = identity.kind === 'signed' || undefined;
    // A signed visitor is counted as themself, so visitors behind one office address do not share a count.
    const limited = await limit({ kind: 'create', client: identity.kind === 'signed' ? 'visitor:' + identity.key : client }, entry, cors);
    if (limited) return limited;
    if (config.challenge) {
      const result = await config.challenge(request.headers.get(CHALLENGE_HEADER) ?? '', { address });
      if (result !== 'passed') {
        entry.refused = 'challenge';
        return result === 'unavailable' ? failure(503, 'The bot check is unavailable right now.', cors) : failure(403, 'The bot check failed.', cors);
      }
    }
    return upstreamCall(entry, cors, {
      method: 'POST',
      path: '/conversations',
      body: { ...checked.value, variables: identity.variables },
      timeoutMs: config.timeoutMs,
    });
  }

  /** The 429 for `usage` when a limit is reached (counting it otherwise); a store that fails answers 503. */
  async function limit(usage: Usage, entry: LogEntry, cors: Record<string, string>): Promise<Response | undefined> {
    let verdict;
    try {
      verdict = await limiter.check(usage, now());
    } catch {
      // Without its counts the gateway cannot keep the bill sane: it refuses rather than lets through.
      entry.refused = 'limits-unavailable';
      return failure(503, 'The chat gateway cannot take messages right now.', cors);
    }
    if (verdict.allowed) return undefined;
    entry.refused = 'limit';
    entry.limit = verdict.limit;
    return rateLimited(verdict.retryAfterSeconds, cors);
  }

  async function upstreamCall(entry: LogEntry, cors: Record<string, string>, call: Parameters<typeof forward>[1]): Promise<Response> {
    const started = now();
    const result = await forward(upstream, call, cors);
    entry.upstream_ms = now() - started;
    if (result.status !== undefined) entry.upstream_status = result.status;
    if (result.problem) entry.upstream_problem = result.problem;
    return result.response;
  }

  async function health(): Promise<Response> {
    try {
      await store.ping?.();
      return json(200, { status: 'ok' });
    } catch {
      return json(503, { status: 'limits-unavailable' });
    }
  }
}
