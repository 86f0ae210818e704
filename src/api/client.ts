import { ApiError, type ApiErrorKind } from './errors';
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

  /**
   * One request (a POST when there is a body). Resolves with what `check` makes of a successful
   * answer; rejects with an `ApiError` for anything else, `check` returning false included.
   */
  async function request<T>(
    path: string,
    body: object | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    check: (data: JsonObject) => T | false,
  ): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    // Settles the request even when a transport ignores its signal.
    const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', reject));
    stopped.catch(() => undefined);
    let response: Response;
    let text: string;
    try {
      if (signal?.aborted) throw signal.reason;
      const transport = options.fetch ?? fetch;
      // Only what the contract needs: no cookies, no credentials, no extra headers.
      const init: RequestInit = {
        method: body ? 'POST' : 'GET',
        credentials: 'omit',
        cache: 'no-store',
        headers: body ? { Accept: JSON_TYPE, 'Content-Type': JSON_TYPE } : { Accept: JSON_TYPE },
        signal: controller.signal,
      };
      if (body) init.body = toJson(body);
      response = await Promise.race([transport(base + path, init), stopped]);
      text = await Promise.race([response.text(), stopped]);
    } catch {
      throw timedOut
        ? new ApiError('timeout', `No answer from the server within ${Math.round(timeoutMs / 1000)} s.`)
        : new ApiError('network', signal?.aborted ? 'The request was cancelled.' : 'The server could not be reached.');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    const { status } = response;
    const result = check(expectOk(status, parseJson(text), response.headers));
    if (result === false) throw unexpected(status);
    return result;
  }

  return {
    async createConversation({ assistantId, type, variables }, callOptions) {
      if (!isUuid(assistantId)) {
        throw new ApiError('validation', 'The assistant id must be a UUID.', { fields: { assistant_id: ['must be a UUID'] } });
      }
      const body = { assistant_id: assistantId, type, variables };
      return request('/conversations', body, readTimeout, callOptions?.signal, (data) => {
        const history = toHistory(data.history);
        return isUuid(data.conversation_id) && !!history && { conversationId: data.conversation_id, history };
      });
    },

    async getConversation(conversationId, callOptions) {
      return request(conversationPath(conversationId), undefined, readTimeout, callOptions?.signal, (data) => toHistory(data.history) ?? false);
    },

    async sendMessage(conversationId, message, callOptions) {
      const path = conversationPath(conversationId) + '/messages';
      return request(path, { message }, sendTimeout, callOptions?.signal, (data) => {
        const functionCalls = data.function_calls ?? [];
        return typeof data.message === 'string' && isFunctionCalls(functionCalls) && { message: data.message, functionCalls };
      });
    },
  };
}

const JSON_TYPE = 'application/json';

function conversationPath(conversationId: string): string {
  if (!isUuid(conversationId)) throw new ApiError('validation', 'The conversation id must be a UUID.');
  return '/conversations/' + encodeURIComponent(conversationId);
}

function parseJson(text: string): unknown {
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

/** The history when it has the contract's shape (without the `function_calls: null` some servers send for "none"). */
function toHistory(value: unknown): WireMessage[] | undefined {
  const valid =
    Array.isArray(value) &&
    value.every(
      (m) =>
        isObject(m) &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.content === 'string' &&
        (m.function_calls == null || isFunctionCalls(m.function_calls)),
    );
  return valid ? value.map(({ function_calls, ...m }) => (function_calls ? { ...m, function_calls } : m)) : undefined;
}

function unexpected(status: number): ApiError {
  return new ApiError('unexpected', 'The server sent an answer the widget does not understand.', { status });
}

/** Turns any non-2xx answer into an `ApiError`; returns the body of a well-formed success. */
function expectOk(status: number, data: unknown, headers: Headers): JsonObject {
  const body = isObject(data) ? data : {};
  if (status >= 200 && status < 300 && body.status === true) return body;
  if (status < 400) throw unexpected(status);
  const detail = [body.error, body.message].find((v): v is string => typeof v === 'string' && !!v.trim())?.slice(0, 300);
  const details: ConstructorParameters<typeof ApiError>[2] = { status };
  let kind: ApiErrorKind = 'rejected';
  if (status === 429) {
    kind = 'rate_limited';
    details.retryAfterMs = (toSeconds(body.retry_after) ?? retryAfterHeader(headers.get('Retry-After')) ?? 5) * 1000;
  } else if (status === 404) {
    kind = 'not_found';
  } else if (status === 422) {
    kind = 'validation';
    const errors = body.errors;
    if (isObject(errors)) {
      details.fields = {};
      for (const key of Object.keys(errors)) {
        const value = errors[key];
        details.fields[key] = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      }
    }
  } else if (status >= 500) {
    kind = 'server';
  } else if (/balance/i.test(`${body.error_code} ${detail}`)) {
    kind = 'insufficient_balance';
  } else if (/failed to process/i.test(`${detail}`)) {
    kind = 'assistant_failed';
  }
  const fallback = kind === 'server' ? 'The server had a problem.' : `The request was refused (HTTP ${status}).`;
  throw new ApiError(kind, (kind !== 'server' && detail) || fallback, details);
}

function toSeconds(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.min(n, 3600) : undefined;
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
function retryAfterHeader(value: string | null): number | undefined {
  if (!value?.trim()) return undefined;
  return toSeconds(value) ?? toSeconds(Math.max(0, Math.ceil((Date.parse(value) - Date.now()) / 1000)));
}

/**
 * JSON for request bodies made of plain objects and primitives, written without
 * `JSON.stringify` so that a host page that patches it (or adds `toJSON` to
 * built-in prototypes) cannot change what is sent.
 */
export function toJson(value: unknown): string {
  if (typeof value === 'string') {
    // Lone surrogates are escaped (as JSON.stringify does) so that UTF-8 encoding cannot alter them.
    return '"' + value.replace(/[\\"\u0000-\u001f\u2028\u2029]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, escapeChar) + '"';
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return '[' + Array.from(value, (item) => toJson(item)).join(',') + ']';
  if (typeof value !== 'object' || value === null) return 'null';
  const items: string[] = [];
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function') items.push(toJson(key) + ':' + toJson(item));
  }
  return '{' + items.join(',') + '}';
}

function escapeChar(char: string): string {
  // A well-formed surrogate pair stays; quotes and backslashes get a backslash; the rest a \u escape.
  if (char.length === 2) return char;
  return char === '"' || char === '\\' ? '\\' + char : '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
}
