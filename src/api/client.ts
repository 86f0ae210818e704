import { ApiError, type ApiErrorKind } from './errors';
import type {
  ConversationType,
  JsonObject,
  VariableValue,
  WireFunctionCall,
  WireMessage,
} from './types';

/** What the client reads of a response (a `Response` has it all). */
export type ResponseLike = Pick<Response, 'status' | 'text'> & { headers: Pick<Headers, 'get'> };

/** A `fetch`-compatible function. */
export type FetchLike = (input: string, init: RequestInit) => Promise<ResponseLike>;

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

/** An API root without its trailing slashes (`https://x.test/api/` and `https://x.test/api` are one base). */
export function trimBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '');
}

/** Creates a client for the conversation API at `options.baseUrl`. */
export function createApiClient({ baseUrl, fetch: transport, timeoutMs = 15000, sendTimeoutMs = 45000 }: ApiClientOptions): ApiClient {
  const base = trimBase(baseUrl);

  /**
   * One request (a POST when there is a body). Resolves with what `pick` makes of a successful
   * answer; rejects with an `ApiError` for anything else, `pick` finding nothing included.
   */
  async function request<T>(
    path: string,
    body: object | undefined,
    limit: number,
    options: CallOptions | undefined,
    pick: (data: JsonObject) => T | false | undefined,
  ): Promise<T> {
    const signal = options?.signal;
    const controller = new AbortController();
    const abort = () => controller.abort();
    const timer = setTimeout(abort, limit);
    signal?.addEventListener('abort', abort);
    // Settles the request even when a transport ignores its signal.
    // (Only rejects while raced: the timer and the caller's signal are released before the request ends.)
    const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', reject));
    try {
      if (signal?.aborted) throw signal.reason;
      // Only what the contract needs: no cookies, no credentials, no extra headers.
      const response = await Promise.race([
        (transport ?? fetch)(base + path, {
          method: body ? 'POST' : 'GET',
          credentials: 'omit',
          cache: 'no-store',
          headers: { Accept: JSON_TYPE, ...(body && { 'Content-Type': JSON_TYPE }) },
          body: body && toJson(body),
          signal: controller.signal,
        }),
        stopped,
      ]);
      const { status } = response;
      const data = toObject(await Promise.race([response.text(), stopped]));
      const value = status > 199 && status < 300 && data.status === true && pick(data);
      if (value) return value;
      throw toError(status, data, response.headers.get('Retry-After'));
    } catch (error) {
      // Aborted by the time limit unless the caller aborted.
      throw error instanceof ApiError
        ? error
        : signal?.aborted
          ? new ApiError('network', 'Cancelled.')
          : controller.signal.aborted
            ? new ApiError('timeout', 'Timed out.')
            : new ApiError('network', 'Network error.');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  return {
    async createConversation({ assistantId, type, variables }, callOptions) {
      checkId(assistantId, 'assistant_id');
      return request('/conversations', { assistant_id: assistantId, type, variables }, timeoutMs, callOptions, (data) => {
        const history = toHistory(data.history);
        return isUuid(data.conversation_id) && history && { conversationId: data.conversation_id, history };
      });
    },

    async getConversation(conversationId, callOptions) {
      checkId(conversationId);
      return request('/conversations/' + conversationId, undefined, timeoutMs, callOptions, (data) => toHistory(data.history));
    },

    async sendMessage(conversationId, message, callOptions) {
      checkId(conversationId);
      return request(`/conversations/${conversationId}/messages`, { message }, sendTimeoutMs, callOptions, (data) => {
        const functionCalls = data.function_calls ?? [];
        return typeof data.message === 'string' && areCalls(functionCalls) && { message: data.message, functionCalls };
      });
    },
  };
}

const JSON_TYPE = 'application/json';

/** Refuses an id that is not a UUID before it enters a request. */
function checkId(id: string, field = 'conversation_id'): void {
  if (!isUuid(id)) throw new ApiError('validation', field + ' must be a UUID.', { fields: { [field]: ['must be a UUID'] } });
}

/** The JSON object `text` holds, or an empty one. */
function toObject(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return value;
  } catch {
    // not JSON: the status says what it is
  }
  return {};
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function areCalls(value: unknown): value is WireFunctionCall[] {
  return Array.isArray(value) && value.every((call) => isObject(call) && typeof call.name === 'string' && isObject(call.arguments) && isObject(call.result));
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
        (m.function_calls == null || areCalls(m.function_calls)),
    );
  return valid ? value.map(({ function_calls, ...m }) => (function_calls ? { ...m, function_calls } : m)) : undefined;
}

/** The kinds that a 4xx status alone decides. */
const KINDS: Record<number, ApiErrorKind> = { 404: 'not_found', 422: 'validation', 429: 'rate_limited' };

/** The error for any answer but a well-formed success: its kind comes from the status (and, for other 4xx, the body). */
function toError(status: number, body: JsonObject, retryAfter: string | null): ApiError {
  const detail = [body.error, body.message].find((v): v is string => typeof v === 'string' && !!v.trim())?.slice(0, 300);
  const kind: ApiErrorKind =
    status < 400
      ? 'unexpected'
      : status > 499
        ? 'server'
        : (KINDS[status] ??
          (/balance/i.test(`${body.error_code} ${detail}`) ? 'insufficient_balance' : /failed to process/i.test(`${detail}`) ? 'assistant_failed' : 'rejected'));
  const errors = body.errors;
  return new ApiError(kind, detail ?? 'HTTP ' + status, {
    status,
    retryAfterMs: kind === 'rate_limited' ? (seconds(body.retry_after ?? retryAfter) ?? 5) * 1000 : undefined,
    fields:
      kind === 'validation' && isObject(errors)
        ? Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, [value].flat().filter((v) => typeof v === 'string')]))
        : undefined,
  });
}

/** A wait in seconds, given as a number of seconds or (`Retry-After`) an HTTP date; at most an hour. */
function seconds(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  const wait = Number.isNaN(+text) ? (Date.parse(text) - Date.now()) / 1000 : +text;
  return wait >= 0 ? Math.min(wait, 3600) : undefined;
}

/**
 * JSON for request bodies made of plain objects and primitives, written without
 * `JSON.stringify` so that a host page that patches it (or adds `toJSON` to
 * built-in prototypes) cannot change what is sent.
 */
export function toJson(value: unknown): string {
  if (typeof value === 'string') {
    // Quotes, backslashes, controls, U+2028/9 and lone surrogates (which UTF-8 encoding would alter)
    // become \u escapes; with the `u` flag a surrogate pair is one character, outside the class.
    return `"${value.replace(/[\\"\x00-\x1f\u2028\u2029\ud800-\udfff]/gu, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))}"`;
  }
  if (typeof value === 'boolean' || Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (!value || typeof value !== 'object') return 'null';
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).filter((key) => object[key] !== undefined && typeof object[key] !== 'function');
  return `{${keys.map((key) => toJson(key) + ':' + toJson(object[key])).join(',')}}`;
}
