/**
 * The typed client of the conversation API (src/api/contract/conversations.md): the only caller of
 * `fetch`. It resolves only with answers of the contract's shape and rejects only with an `ApiError`
 * whose kind says what the answer (or its absence) was.
 */
import { challengeToken, CHALLENGE_HEADER, type ChallengeProvider } from './challenge';
import { ApiError, type ApiErrorKind, type ErrorBody } from './errors';
import { isObject, parseObject, toJson } from './json';
import type { ConversationType, JsonObject, VariableValue, WireFunctionCall, WireMessage } from './types';
import { isUuid, trimBase } from './url';
import { isCallList, toHistory } from './wire';

// Their earlier home: config.ts, widget.tsx and others import them from here.
export { isObject, toJson } from './json';
export { isUuid, trimBase } from './url';

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
  /**
   * The site's bot check: asked for a token before each create, which goes as `X-Assistant-Challenge` (for the
   * site's gateway). Read at each create, so a getter may hand over one the site registers later.
   */
  readonly challenge?: ChallengeProvider | undefined;
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

/** Creates a client for the conversation API at `options.baseUrl`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, fetch: transport, timeoutMs = 15000, sendTimeoutMs = 45000 } = options;
  const base = trimBase(baseUrl);

  /**
   * One request (a POST when there is a body; with the bot check's `token` when there is one). Resolves
   * with what `pick` makes of a successful answer (`status: true` and the endpoint's shape); rejects with
   * an `ApiError` for anything else.
   */
  async function request<T>(
    path: string,
    body: object | undefined,
    limit: number,
    options: CallOptions | undefined,
    pick: (data: JsonObject) => T | false | undefined,
    token?: string,
  ): Promise<T> {
    const url = base + path;
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
        (transport ?? fetch)(url, {
          method: body ? 'POST' : 'GET',
          credentials: 'omit',
          cache: 'no-store',
          headers: { Accept: JSON_TYPE, ...(body && { 'Content-Type': JSON_TYPE }), ...(token && { [CHALLENGE_HEADER]: token }) },
          body: body && toJson(body),
          signal: controller.signal,
        }),
        stopped,
      ]);
      const { status } = response;
      const answer = readAnswer(await Promise.race([response.text(), stopped]), response.headers.get('Content-Type'));
      const value = status > 199 && status < 300 && answer.data?.status === true && pick(answer.data);
      if (value) return value;
      throw toError(status, answer, url, response.headers.get('Retry-After'));
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
      // A fresh token for each try: the gateway takes each one once.
      const { challenge } = options;
      const token = challenge && (await challengeToken(challenge));
      const pick = (data: JsonObject) => {
        const history = toHistory(data.history);
        return isUuid(data.conversation_id) && history && { conversationId: data.conversation_id, history };
      };
      return request('/conversations', { assistant_id: assistantId, type, variables }, timeoutMs, callOptions, pick, token);
    },

    async getConversation(conversationId, callOptions) {
      checkId(conversationId);
      return request('/conversations/' + conversationId, undefined, timeoutMs, callOptions, (data) => toHistory(data.history));
    },

    async sendMessage(conversationId, message, callOptions) {
      checkId(conversationId);
      return request(`/conversations/${conversationId}/messages`, { message }, sendTimeoutMs, callOptions, (data) => {
        const functionCalls = data.function_calls ?? [];
        return typeof data.message === 'string' && isCallList(functionCalls) && { message: data.message, functionCalls };
      });
    },
  };
}

const JSON_TYPE = 'application/json';

/** Refuses an id that is not a UUID before it enters a request. */
function checkId(id: string, field = 'conversation_id'): void {
  if (!isUuid(id)) throw new ApiError('validation', field + ' must be a UUID.', { fields: { [field]: ['must be a UUID'] } });
}

/**
 * What an answer's body was. `data`: the JSON object it held. `foreign`: what it was instead, when it
 * cannot come from the API (an HTML page, or text under a content type that is not JSON); a body that
 * does not parse under a JSON content type is the API's, cut off.
 */
interface Answer {
  body: ErrorBody;
  data?: JsonObject;
  foreign?: string;
}

function readAnswer(text: string, contentType: string | null): Answer {
  if (!text.trim()) return { body: 'empty' };
  const data = parseObject(text);
  if (data) return { body: 'json', data };
  const type = contentType?.split(';')[0]!.trim() ?? '';
  const html = /html/i.test(type) || text.trimStart().startsWith('<');
  const foreign = html ? 'an HTML page' : /json/i.test(type) ? undefined : type ? 'content type ' + type : 'not JSON';
  return { body: 'other', foreign };
}

/**
 * The error for any answer but a well-formed success. 429 and 5xx are decided by the status; below
 * that, an answer that cannot come from the API is `not_api`, and the API's own answers are told apart
 * by status and body.
 */
function toError(status: number, answer: Answer, url: string, retryAfter: string | null): ApiError {
  const { data = {}, foreign } = answer;
  const detail = [data.error, data.message].find((v): v is string => typeof v === 'string' && !!v.trim())?.slice(0, 300);
  const kind = errorKind(status, answer, detail);
  if (kind === 'not_api') {
    const what = foreign ?? (answer.body === 'empty' ? 'an empty answer' : 'no error message');
    return new ApiError(kind, `${url} did not answer like the chat API (${what}, status ${status}).`, { status, body: answer.body, url });
  }
  const errors = data.errors;
  return new ApiError(kind, detail ?? `HTTP ${status}`, {
    status,
    body: answer.body,
    retryAfterMs: kind === 'rate_limited' ? (seconds(data.retry_after ?? retryAfter) ?? 5) * 1000 : undefined,
    fields:
      kind === 'validation' && isObject(errors)
        ? Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, [value].flat().filter((v) => typeof v === 'string')]))
        : undefined,
  });
}

function errorKind(status: number, { data, foreign }: Answer, detail: string | undefined): ApiErrorKind {
  if (status === 429) return 'rate_limited';
  if (status > 499) return 'server';
  if (foreign) return 'not_api';
  if (status < 400) return 'unexpected';
  // A 404 of the API names what was not found; any other 404 is an address that is not the API.
  if (status === 404) return detail ? 'not_found' : 'not_api';
  if (status === 422) return 'validation';
  const text = `${String(data?.error_code)} ${String(detail)}`;
  return /balance/i.test(text) ? 'insufficient_balance' : /failed to process/i.test(text) ? 'assistant_failed' : 'rejected';
}

/** A wait in seconds, given as a number of seconds or (`Retry-After`) an HTTP date; at most an hour. */
function seconds(value: unknown): number | undefined {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  if (!text) return undefined;
  const wait = Number.isNaN(+text) ? (Date.parse(text) - Date.now()) / 1000 : +text;
  return wait >= 0 ? Math.min(wait, 3600) : undefined;
}
