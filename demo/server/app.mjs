// @ts-check
/**
 * The local stand-in for the platform's chat conversation API (src/api/contract/conversations.md) and
 * for the owner's assistant list (src/api/contract/assistants.md): a plain Node request handler, usable on its own (server.mjs) or as Connect middleware
 * (the Vite dev server mounts it under /api). Paths are relative to the API root.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { listAssistants } from './accounts.mjs';
import { loadAssistants, substituteVariables } from './assistants.mjs';
import { createFaults } from './faults.mjs';
import { hostileReply } from './hostile.mjs';
import { isJsonContentType, jsonResponse, readBody, sendHtml, sendJson, sendPreflight } from './http.mjs';
import { createRateLimiter } from './rate-limit.mjs';
import { scriptedReply } from './script.mjs';
import { createDataStore } from './storage.mjs';
import { isUuid, validateCreate, validateSend, validationBody } from './validate.mjs';
import { DEFAULT_DIST_DIR, isWidgetFile, serveWidgetFile } from './widget-files.mjs';

/** What one user message of a `widget` conversation costs the assistant's owner, in cents. */
export const MESSAGE_PRICE_CENTS = 1;

/** How many entries the control request log keeps (oldest dropped first). */
const REQUEST_LOG_LIMIT = 2000;

/**
 * @typedef {object} StandInApiOptions
 * @property {string} dataDir folder for conversations and balances (created when missing)
 * @property {number} [replyDelayMs] "thinking" time before every reply, default 0
 * @property {number} [slowToolMs] how long the "slow" intent's tool takes, default 8000
 * @property {boolean} [control] enables `/__control` (faults, request log, balances), default false
 * @property {string} [assistantsFile] fixture file, default demo/server/assistants.json
 * @property {false | import('./rate-limit.mjs').RateLimitOptions} [rateLimit] per-IP limits;
 *   default: the contract's (100 a minute, 20 in 10 s) without control, off with control
 * @property {Pick<Console, 'warn' | 'error'>} [logger] default console
 * @property {() => number} [now] clock, default Date.now
 * @property {string} [distDir] where the built widget is, served at /widget.js (default: the repository's dist/)
 */

/**
 * @typedef {object} StandInApi
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: (error?: unknown) => void) => void} handle
 * @property {() => Promise<void>} close stops pending replies and waits for writes to finish
 */

/**
 * @typedef {object} LoggedRequest
 * @property {string} method
 * @property {string} path the path relative to the API root, with the query string
 * @property {unknown} body the parsed JSON body, the raw text when it is not JSON, or null when empty or too large
 * @property {number} at epoch ms
 * @property {Record<string, string | string[] | undefined>} headers the request headers (lower-case names)
 * @property {number} [status] the status sent; absent while pending or when the connection was broken off
 */

/**
 * @typedef {{ status: number; body: unknown; headers?: Record<string, string> }} Outcome
 */

/**
 * Creates the stand-in API.
 * @param {StandInApiOptions} options
 * @returns {StandInApi}
 */
export function createStandInApi(options) {
  const {
    dataDir,
    replyDelayMs = 0,
    slowToolMs = 8000,
    control = false,
    assistantsFile,
    logger = console,
    now = Date.now,
    distDir = DEFAULT_DIST_DIR,
  } = options;
  if (!dataDir) throw new Error('createStandInApi: dataDir is required');
  const catalog = loadAssistants(assistantsFile);
  const store = createDataStore({ dataDir, warn: (message) => logger.warn(message), now });
  const rateLimit = options.rateLimit === undefined ? (control ? false : {}) : options.rateLimit;
  const limiter = rateLimit === false ? undefined : createRateLimiter({ ...rateLimit, now });
  const faults = createFaults();
  /** @type {LoggedRequest[]} */
  const requestLog = [];
  const lifetime = new AbortController();
  /** @type {Set<Promise<unknown>>} */
  const pending = new Set();
  /** @type {Map<string, Promise<unknown>>} the last send queued per conversation */
  const locks = new Map();
  /** @type {Promise<Map<string, number>> | undefined} */
  let balancesLoaded;
  let closed = false;

  /** Owner key → balance in cents: the saved balances, else the fixture's. */
  function balances() {
    balancesLoaded ??= store.readBalances().then((saved) => {
      const map = new Map();
      for (const [key, owner] of catalog.owners) {
        const value = saved?.[key];
        map.set(key, Number.isInteger(value) ? value : owner.balanceCents);
      }
      return map;
    });
    return balancesLoaded;
  }

  async function saveBalances() {
    await store.writeBalances(Object.fromEntries(await balances()));
  }

  /**
   * Runs `task` after every earlier task for the same conversation, so that each user
   * message is followed by its reply in the history.
   * @template T
   * @param {string} id
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  function serially(id, task) {
    const previous = locks.get(id) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    locks.set(id, settled);
    void settled.then(() => {
      if (locks.get(id) === settled) locks.delete(id);
    });
    return run;
  }

  /** @param {number} ms */
  const wait = (ms) => (ms > 0 ? sleep(ms, undefined, { signal: lifetime.signal }) : Promise.resolve());

  /**
   * @param {unknown} body
   * @returns {Promise<Outcome>}
   */
  async function createConversation(body) {
    const input = validateCreate(body);
    if (!input.ok) return { status: 422, body: validationBody(input.errors) };
    const { assistantId, type, variables } = input.value;
    const assistant = catalog.find(assistantId);
    if (!assistant) return { status: 404, body: { status: false, error: 'Assistant not found' } };
    if (type === 'widget' && /** @type {number} */ ((await balances()).get(assistant.owner)) < MESSAGE_PRICE_CENTS) {
      return { status: 400, body: { status: false, error: 'Insufficient balance' } };
    }
    /** @type {import('./storage.mjs').StoredMessage[]} */
    const history = assistant.initial_message ? [{ role: 'assistant', content: substituteVariables(assistant.initial_message, variables) }] : [];
    const at = new Date(now()).toISOString();
    const id = randomUUID();
    await store.writeConversation({ version: 1, id, assistant_id: assistant.uuid, type, variables, created_at: at, last_activity_at: at, history });
    return { status: 200, body: { status: true, conversation_id: id, history } };
  }

  /**
   * @param {string} id
   * @returns {Promise<Outcome>}
   */
  async function readConversation(id) {
    const conversation = await store.readConversation(id);
    if (!conversation) return { status: 404, body: { status: false, error: 'Conversation not found' } };
    return { status: 200, body: { status: true, history: conversation.history } };
  }

  /**
   * @param {string} id
   * @param {unknown} body
   * @param {import('./faults.mjs').Fault | undefined} fault
   * @returns {Promise<Outcome>}
   */
  function sendMessage(id, body, fault) {
    return serially(id.toLowerCase(), async () => {
      const conversation = await store.readConversation(id);
      if (!conversation) return { status: 404, body: { status: false, error: 'Conversation not found' } };
      const input = validateSend(body);
      if (!input.ok) return { status: 422, body: validationBody(input.errors) };
      const assistant = catalog.find(conversation.assistant_id);
      if (!assistant) return { status: 400, body: { status: false, error: 'Failed to process message: the assistant no longer exists' } };

      const owners = await balances();
      const balance = /** @type {number} */ (owners.get(assistant.owner));
      if (conversation.type === 'widget' && balance - MESSAGE_PRICE_CENTS < 0) {
        return { status: 400, body: { status: false, error: 'Insufficient balance' } };
      }
      if (fault?.mode === 'assistant-error') {
        return { status: 400, body: { status: false, error: 'Failed to process message: the assistant did not answer (injected fault)' } };
      }

      if (conversation.type === 'widget') {
        owners.set(assistant.owner, balance - MESSAGE_PRICE_CENTS);
        await saveBalances();
      }
      conversation.history.push({ role: 'user', content: input.value.message });
      conversation.last_activity_at = new Date(now()).toISOString();
      await store.writeConversation(conversation);

      const reply =
        fault?.mode === 'hostile'
          ? { ...hostileReply(), toolMs: 0 }
          : scriptedReply(input.value.message, { assistantName: assistant.name, slowToolMs });
      await wait(replyDelayMs + reply.toolMs);

      /** @type {import('./storage.mjs').StoredMessage} */
      const answer = { role: 'assistant', content: reply.message };
      if (reply.function_calls.length) answer.function_calls = reply.function_calls;
      conversation.history.push(answer);
      conversation.last_activity_at = new Date(now()).toISOString();
      await store.writeConversation(conversation);
      return { status: 200, body: { status: true, message: reply.message, function_calls: reply.function_calls } };
    });
  }

  /**
   * Matches an API path.
   * @param {string} path
   * @returns {{ route: import('./faults.mjs').ApiRoute; id?: string; allow: string } | { route: undefined; id: string; allow: string } | undefined}
   *   `route` undefined: a conversation path that is not a UUID (404 Conversation not found)
   */
  function matchRoute(path) {
    if (path === '/conversations') return { route: 'create', allow: 'POST' };
    if (path === '/user/assistants/get') return { route: 'assistants', allow: 'GET' };
    const m = /^\/conversations\/([^/]+)(\/messages)?$/.exec(path);
    if (!m) return undefined;
    let id;
    try {
      id = decodeURIComponent(/** @type {string} */ (m[1]));
    } catch {
      id = '';
    }
    const allow = m[2] ? 'POST' : 'GET';
    if (!isUuid(id)) return { route: undefined, id, allow };
    return { route: m[2] ? 'send' : 'read', id, allow };
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function route(req, res) {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const path = url.pathname;
    // Only the account endpoints take a credential: the widget's own routes never see an Authorization header.
    if (method === 'OPTIONS') return sendPreflight(req, res, { authorization: path.startsWith('/user/') });
    if ((method === 'GET' || method === 'HEAD') && isWidgetFile(path)) return serveWidgetFile(res, path, distDir, method === 'HEAD');
    if (closed) return sendJson(res, 503, { status: false, error: 'The stand-in API is shutting down' });

    const read = await readBody(req);
    if (read.kind === 'aborted') return;
    const isControl = control && (path === '/__control' || path.startsWith('/__control/'));
    const parsed = read.kind === 'ok' ? parseJson(read.text) : NO_BODY;

    if (isControl) {
      if (read.kind === 'too-large') return sendJson(res, 413, { status: false, error: 'Request body too large (limit 64 KB)' });
      if (!parsed.ok) return sendJson(res, 400, { status: false, error: 'Malformed JSON body' });
      return sendOutcome(res, await handleControl(method, path, url.searchParams, parsed.value));
    }

    /** @type {LoggedRequest} */
    const entry = {
      method,
      path: path + url.search,
      body: read.kind === 'ok' && read.text ? (parsed.ok ? parsed.value : read.text.slice(0, 10_000)) : null,
      at: now(),
      headers: { ...req.headers },
    };
    if (control) {
      requestLog.push(entry);
      if (requestLog.length > REQUEST_LOG_LIMIT) requestLog.shift();
      res.on('finish', () => {
        entry.status = res.statusCode;
      });
    }

    /** @type {Record<string, string>} */
    let rateHeaders = {};
    if (limiter) {
      const decision = limiter.hit(req.socket.remoteAddress ?? 'unknown');
      rateHeaders = { 'X-RateLimit-Limit': String(decision.limit), 'X-RateLimit-Remaining': String(decision.remaining) };
      if (!decision.allowed) {
        return sendJson(
          res,
          429,
          { error: 'Rate limit exceeded', retry_after: decision.retryAfterSeconds },
          {
            ...rateHeaders,
            'Retry-After': String(decision.retryAfterSeconds),
            'X-RateLimit-Reset': String(decision.resetAt),
          },
        );
      }
    }

    if (read.kind === 'too-large') return sendJson(res, 413, { status: false, error: 'Request body too large (limit 64 KB)' }, rateHeaders);
    const match = matchRoute(path);
    if (!match) return sendJson(res, 404, { status: false, error: 'Not found' }, rateHeaders);
    if (method !== match.allow) {
      return sendJson(res, 405, { status: false, error: `Method ${method} not allowed` }, { ...rateHeaders, Allow: `${match.allow}, OPTIONS` });
    }
    if (!match.route) return sendJson(res, 404, { status: false, error: 'Conversation not found' }, rateHeaders);
    if (method === 'POST') {
      if (read.kind === 'ok' && read.text && !isJsonContentType(req)) {
        return sendJson(res, 415, { status: false, error: 'Content-Type must be application/json' }, rateHeaders);
      }
      if (!parsed.ok) return sendJson(res, 400, { status: false, error: 'Malformed JSON body' }, rateHeaders);
    }
    const body = parsed.ok ? parsed.value : undefined;

    const fault = control ? faults.take(match.route) : undefined;
    if (fault?.delayMs) await wait(fault.delayMs);
    switch (fault?.mode) {
      case 'drop-before-processing':
        req.socket.destroy();
        return;
      case '502':
        return sendHtml(res, 502, 'Bad Gateway');
      case 'malformed':
        // A 200 of another API's shape (a misrouted proxy, a half-finished deploy).
        return sendJson(res, 200, { success: true, data: null }, rateHeaders);
      case '429':
        return sendJson(
          res,
          429,
          { error: 'Rate limit exceeded', retry_after: fault.retryAfter },
          {
            'X-RateLimit-Limit': '100',
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset': String(Math.ceil(now() / 1000) + fault.retryAfter),
            'Retry-After': String(fault.retryAfter),
          },
        );
      default:
        break;
    }

    /** @type {Outcome} */
    let outcome;
    if (match.route === 'create') outcome = await createConversation(body);
    else if (match.route === 'assistants')
      outcome = listAssistants(catalog, { authorization: req.headers.authorization, query: url.searchParams, path: publicUrl(req) });
    else if (match.route === 'read') outcome = await readConversation(/** @type {string} */ (match.id));
    else outcome = await sendMessage(/** @type {string} */ (match.id), body, fault);
    outcome.headers = { ...rateHeaders, ...outcome.headers };

    if (fault?.mode === 'drop-after-processing') return breakOff(res, outcome);
    sendOutcome(res, outcome);
  }

  /**
   * Sends the status line, the headers and half of the body, then cuts the connection.
   * @param {import('node:http').ServerResponse} res
   * @param {Outcome} outcome
   */
  function breakOff(res, outcome) {
    const out = jsonResponse(outcome.status, outcome.body, outcome.headers);
    res.writeHead(out.status, out.headers);
    res.flushHeaders();
    res.write(out.text.slice(0, Math.max(1, Math.floor(out.text.length / 2))), () => {
      res.socket?.destroy();
    });
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {Outcome} outcome
   */
  function sendOutcome(res, outcome) {
    sendJson(res, outcome.status, outcome.body, outcome.headers);
  }

  /**
   * The control endpoint (tests only).
   * @param {string} method
   * @param {string} path
   * @param {URLSearchParams} query
   * @param {unknown} body
   * @returns {Promise<Outcome>}
   */
  async function handleControl(method, path, query, body) {
    const key = `${method} ${path}`;
    switch (key) {
      case 'POST /__control': {
        const armed = faults.arm(body);
        return armed.ok ? { status: 200, body: { fault: armed.fault } } : { status: 422, body: validationBody(armed.errors) };
      }
      case 'GET /__control':
        return { status: 200, body: { fault: faults.current() } };
      case 'GET /__control/requests':
        return { status: 200, body: { requests: requestLog } };
      case 'POST /__control/reset':
        faults.reset();
        requestLog.length = 0;
        limiter?.reset();
        return { status: 200, body: { ok: true } };
      case 'GET /__control/balance':
      case 'POST /__control/balance': {
        /** @type {Record<string, unknown>} */
        const input = method === 'POST' && typeof body === 'object' && body !== null ? /** @type {any} */ (body) : {};
        const assistantId = method === 'POST' ? input.assistant_id : query.get('assistant_id');
        const assistant = isUuid(assistantId) ? catalog.find(assistantId) : undefined;
        if (!assistant) return { status: 404, body: { status: false, error: 'Assistant not found' } };
        const owners = await balances();
        if (method === 'POST') {
          const usd = input.balance;
          if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
            return { status: 422, body: validationBody({ balance: ['balance must be a number >= 0 (USD)'] }) };
          }
          owners.set(assistant.owner, Math.round(usd * 100));
          await saveBalances();
        }
        const cents = /** @type {number} */ (owners.get(assistant.owner));
        return { status: 200, body: { assistant_id: assistant.uuid, owner: assistant.owner, balance: cents / 100 } };
      }
      default:
        return { status: 404, body: { status: false, error: 'Not found' } };
    }
  }

  return {
    handle(req, res) {
      const task = route(req, res).catch((error) => {
        if (closed && error?.name === 'AbortError') {
          res.socket?.destroy();
          return;
        }
        logger.error('[stand-in api] request failed:', error);
        if (!res.headersSent) sendJson(res, 500, { status: false, error: 'Internal server error' });
        else res.socket?.destroy();
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async close() {
      closed = true;
      lifetime.abort();
      await Promise.allSettled([...pending]);
      await store.flush();
    },
  };
}

/**
 * The absolute URL the client called, without the query: what the pagination envelope links to. Under
 * the Vite dev server the handler is mounted at /api, which Connect keeps in `originalUrl`.
 * @param {import('node:http').IncomingMessage & { originalUrl?: string }} req
 */
function publicUrl(req) {
  const secure = 'encrypted' in req.socket && req.socket.encrypted;
  const path = new URL(req.originalUrl ?? req.url ?? '/', 'http://stand-in.invalid').pathname;
  return `${secure ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}${path}`;
}

/** @type {{ ok: true; value: unknown }} */
const NO_BODY = { ok: true, value: undefined };

/**
 * @param {string} text
 * @returns {{ ok: true; value: unknown } | { ok: false }}
 */
function parseJson(text) {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
