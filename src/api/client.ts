import { ApiError } from './errors';
import type {
  ConversationType,
  JsonObject,
  VariableValue,
  WireFunctionCall,
  WireMessage,
} from './types';

/** A `fetch`-compatible function. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What the API client needs. */
export interface ApiClientOptions {
  /** The API root, for example `https://example.com/api` (no trailing slash needed). */
  baseUrl: string;
  /** The transport; defaults to the global `fetch`, looked up at each call. */
  fetch?: FetchLike;
  /** Time limit for reads and for creating a conversation, in ms. Default 15000. */
  timeoutMs?: number;
  /** Time limit for sending a message (the assistant may run tools), in ms. Default 45000. */
  sendTimeoutMs?: number;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborting rejects with an `ApiError` of kind `network`. */
  signal?: AbortSignal;
}

/** A created conversation. */
export interface CreatedConversation {
  conversationId: string;
  history: WireMessage[];
}

/** The assistant's answer to one user message. */
export interface Reply {
  message: string;
  functionCalls: WireFunctionCall[];
}

/** The typed client of the conversation API; every method rejects only with `ApiError`. */
export interface ApiClient {
  /** `POST /conversations`. */
  createConversation(
    input: { assistantId: string; type: ConversationType; variables?: Record<string, VariableValue> },
    options?: CallOptions,
  ): Promise<CreatedConversation>;
  /** `GET /conversations/{uuid}`: the history, oldest first. */
  getConversation(conversationId: string, options?: CallOptions): Promise<WireMessage[]>;
  /** `POST /conversations/{uuid}/messages`. */
  sendMessage(conversationId: string, message: string, options?: CallOptions): Promise<Reply>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical textual form. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Creates a client for the conversation API at `options.baseUrl`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const readTimeout = options.timeoutMs ?? 15000;
  const sendTimeout = options.sendTimeoutMs ?? 45000;

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; data: unknown; text: string; headers: Headers }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    // Settles the request even when a transport ignores its signal.
    const stopped = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
    stopped.catch(() => undefined);
    try {
      if (signal?.aborted) throw new ApiError('network', 'The request was cancelled.');
      const transport = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
      const init: RequestInit = {
        method,
        // Only what the contract needs: no cookies, no credentials, no extra headers.
        credentials: 'omit',
        cache: 'no-store',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        signal: controller.signal,
      };
      if (body !== undefined) init.body = body;
      const response = await Promise.race([transport(base + path, init), stopped]);
      const text = await Promise.race([response.text(), stopped]);
      return { status: response.status, data: parseJson(text), text, headers: response.headers };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError('timeout', `No answer from the server within ${Math.round(timeoutMs / 1000)} s.`);
      if (signal?.aborted) throw new ApiError('network', 'The request was cancelled.');
      throw new ApiError('network', 'The server could not be reached.');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async createConversation(input, callOptions) {
      if (!isUuid(input.assistantId)) {
        throw new ApiError('validation', 'The assistant id must be a UUID.', { fields: { assistant_id: ['must be a UUID'] } });
      }
      const body: Record<string, unknown> = { assistant_id: input.assistantId, type: input.type };
      if (input.variables) body.variables = input.variables;
      const res = await request('POST', '/conversations', toJson(body), readTimeout, callOptions?.signal);
      const data = expectOk(res);
      if (!isUuid(data.conversation_id) || !isHistory(data.history)) throw unexpected(res.status);
      return { conversationId: data.conversation_id, history: normalizeHistory(data.history) };
    },

    async getConversation(conversationId, callOptions) {
      const res = await request('GET', conversationPath(conversationId), undefined, readTimeout, callOptions?.signal);
      const data = expectOk(res);
      if (!isHistory(data.history)) throw unexpected(res.status);
      return normalizeHistory(data.history);
    },

    async sendMessage(conversationId, message, callOptions) {
      const path = conversationPath(conversationId) + '/messages';
      const res = await request('POST', path, toJson({ message }), sendTimeout, callOptions?.signal);
      const data = expectOk(res);
      const calls = data.function_calls ?? [];
      if (typeof data.message !== 'string' || !isFunctionCalls(calls)) throw unexpected(res.status);
      return { message: data.message, functionCalls: calls };
    },
  };
}

function conversationPath(conversationId: string): string {
  if (!isUuid(conversationId)) {
    throw new ApiError('validation', 'The conversation id must be a UUID.', { fields: { uuid: ['must be a UUID'] } });
  }
  return '/conversations/' + encodeURIComponent(conversationId);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFunctionCalls(value: unknown): value is WireFunctionCall[] {
  return (
    Array.isArray(value) &&
    value.every((call) => isObject(call) && typeof call.name === 'string' && isObject(call.arguments) && isObject(call.result))
  );
}

function isHistory(value: unknown): value is WireMessage[] {
  return (
    Array.isArray(value) &&
    value.every(
      (m) =>
        isObject(m) &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.content === 'string' &&
        (m.function_calls === undefined || m.function_calls === null || isFunctionCalls(m.function_calls)),
    )
  );
}

/** The messages without a `function_calls: null` some servers send for "none". */
function normalizeHistory(history: WireMessage[]): WireMessage[] {
  return history.map((m) => {
    if (m.function_calls !== null) return m;
    const { function_calls: _none, ...rest } = m;
    return rest;
  });
}

function unexpected(status: number): ApiError {
  return new ApiError('unexpected', 'The server sent an answer the widget does not understand.', { status });
}

/** Turns any non-2xx answer into an `ApiError`; returns the body of a well-formed success. */
function expectOk(res: { status: number; data: unknown; headers: Headers }): JsonObject {
  const { status, data } = res;
  const body = isObject(data) ? data : {};
  const serverMessage = firstString(body.error, body.message);
  const errorCode = typeof body.error_code === 'string' ? body.error_code : '';
  if (status >= 200 && status < 300) {
    if (!isObject(data) || data.status !== true) throw unexpected(status);
    return data;
  }
  if (status === 429) {
    const seconds = toSeconds(body.retry_after) ?? retryAfterHeader(res.headers.get('Retry-After')) ?? 5;
    return fail('rate_limited', 'Too many requests; try again shortly.', { status, retryAfterMs: seconds * 1000 });
  }
  if (status === 404) return fail('not_found', serverMessage ?? 'Not found.', { status });
  if (status === 422) {
    const fields = isObject(body.errors) ? toFields(body.errors) : undefined;
    return fail('validation', serverMessage ?? 'The request was not valid.', fields ? { status, fields } : { status });
  }
  if (status >= 500) return fail('server', 'The server had a problem.', { status });
  if (status >= 400) {
    if (/balance/i.test(errorCode) || (serverMessage && /balance/i.test(serverMessage))) {
      return fail('insufficient_balance', serverMessage ?? 'Insufficient balance.', { status });
    }
    if (serverMessage && /failed to process/i.test(serverMessage)) return fail('assistant_failed', serverMessage, { status });
    return fail('rejected', serverMessage ?? `The request was refused (HTTP ${status}).`, { status });
  }
  throw unexpected(status);
}

function fail(...args: ConstructorParameters<typeof ApiError>): never {
  throw new ApiError(...args);
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value.trim()) return value.slice(0, 300);
  return undefined;
}

function toSeconds(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.min(n, 3600) : undefined;
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
function retryAfterHeader(value: string | null): number | undefined {
  if (value === null || !value.trim()) return undefined;
  const seconds = toSeconds(value.trim());
  if (seconds !== undefined) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : toSeconds(Math.max(0, Math.ceil((at - Date.now()) / 1000)));
}

function toFields(errors: JsonObject): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) {
    fields[key] = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }
  return fields;
}

/**
 * JSON for request bodies made of plain objects and primitives, written without
 * `JSON.stringify` so that a host page that patches it (or adds `toJSON` to
 * built-in prototypes) cannot change what is sent.
 */
export function toJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      // Lone surrogates are escaped (as JSON.stringify does) so that UTF-8 encoding cannot alter them.
      return '"' + value.replace(/[\\"\u0000-\u001f\u2028\u2029]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, escapeChar) + '"';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + toJson(value[i]);
        return out + ']';
      }
      let out = '{';
      let first = true;
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function') continue;
        out += (first ? '' : ',') + toJson(key) + ':' + toJson(item);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}

function escapeChar(char: string): string {
  if (char.length === 2) return char; // a well-formed surrogate pair
  switch (char) {
    case '"':
      return '\\"';
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default:
      return '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
  }
}
