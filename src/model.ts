/**
 * Domain types the UI reads: messages as lists of parts, with explicit states.
 * The store turns wire messages (src/api/types.ts) into these.
 */
import type { ApiErrorKind } from './api/errors';
import { visibleText } from './api/message-text';
import type { JsonObject, WireMessage } from './api/types';

/** A run of the message's text (markdown for the assistant, plain text for the visitor). */
export interface TextPart {
  type: 'text';
  text: string;
}

/** One tool the assistant ran; `state` is derived from its result. */
export interface FunctionCallPart {
  type: 'function_call';
  name: string;
  arguments: JsonObject;
  result: JsonObject;
  state: 'success' | 'error';
}

/** A piece of a message. */
export type MessagePart = TextPart | FunctionCallPart;

/**
 * Where a message stands.
 * - `sent`: on the server (every history message, every reply).
 * - `queued`: typed, waiting for an earlier send or for the browser to be online.
 * - `sending`: the request is out.
 * - `slow`: the request is out and taking long (the assistant is probably running tools).
 * - `checking`: the send's outcome is unknown; the store is reading the history to find out.
 * - `failed`: not delivered; the text is kept and the visitor can retry.
 */
export type MessageStatus = 'sent' | 'queued' | 'sending' | 'slow' | 'checking' | 'failed';

/** A message as the UI shows it. */
export interface ChatMessage {
  /** Stable key for rendering (local to this page). */
  id: string;
  role: 'user' | 'assistant';
  parts: MessagePart[];
  status: MessageStatus;
  /** Why a `failed` message failed. */
  error?: ChatError;
  /**
   * True for a message that reached this page after the conversation was opened here: a reply, the
   * visitor's own messages, messages from other tabs. Absent for the history the conversation was
   * opened with (its greeting included), so a count of unread replies can skip them.
   */
  live?: boolean;
}

/** An error the UI can explain and act on. */
export interface ChatError {
  kind: ApiErrorKind;
  /** Technical detail (server's message); the UI picks its own words by `kind`. */
  detail: string;
  /** True when the visitor can usefully try again (a Retry button). */
  retryable: boolean;
  /** When the store will try again by itself (epoch ms): after a rate limit, or between tries while opening. */
  retryAt?: number;
}

/**
 * A short, dismissible notice.
 * - `conversation-replaced`: the stored conversation was gone from the server; a new one was started.
 * - `conversation-reset`: another tab started a new conversation; this one follows it.
 * - `draft-trimmed`: the stored draft was longer than the widget keeps; only its start was restored.
 */
export type ChatNotice = 'conversation-replaced' | 'conversation-reset' | 'draft-trimmed';

/** A `status` word that says the tool failed. */
const FAILED_STATUS = /^(error|errored|fail|failed|failure)$/i;

/**
 * Whether a function call worked, judged from what tools really return:
 * 1. an explicit boolean `success` or `ok` decides (`{ ok: true, error: "…" }` worked; `{ success: false }` did not);
 * 2. otherwise it failed when `status` is a failure word (`"error"`, `"failed"`…), `false`, or an HTTP
 *    status of 400 or more (`status`, `statusCode`, `status_code`, a number or digits); or when `error` or `errors` holds
 *    something (a message, a code, a non-empty object or list; not `null`, `false`, `0`, `""`, `[]` or `{}`);
 * 3. anything else worked (`{}`, `{ status: "ok" }`, `{ error: null }`, `{ errors: [] }`).
 */
export function functionCallSucceeded(result: JsonObject): boolean {
  const { success, ok, status, statusCode, status_code, error, errors } = result;
  if (typeof success === 'boolean') return success;
  if (typeof ok === 'boolean') return ok;
  const failed =
    status === false ||
    (typeof status === 'string' && FAILED_STATUS.test(status.trim())) ||
    [status, statusCode, status_code].some(isHttpFailure) ||
    holds(error) ||
    holds(errors);
  return !failed;
}

/** True for an HTTP status of 400 or more, as a number or as digits (`500`, `"404"`). */
function isHttpFailure(code: unknown): boolean {
  return (typeof code === 'number' || (typeof code === 'string' && /^\s*\d+\s*$/.test(code))) && Number(code) >= 400;
}

/** True for a value that carries something: not null, false, 0 or empty ("", [], {}). */
function holds(value: unknown): boolean {
  return typeof value === 'object' && value !== null ? Object.keys(value).length > 0 : !!value;
}

/** The parts of a wire message: the function calls the assistant ran, then its text. */
export function toParts(message: Pick<WireMessage, 'content' | 'function_calls'>): MessagePart[] {
  const parts: MessagePart[] = (message.function_calls ?? []).map((call) => ({
    type: 'function_call',
    name: call.name,
    arguments: call.arguments,
    result: call.result,
    state: functionCallSucceeded(call.result) ? 'success' : 'error',
  }));
  // (What a reader cannot see does not ride along: see visibleText.)
  const text = visibleText(message.content);
  if (text) parts.push({ type: 'text', text });
  return parts;
}

/** The text of a message (its text parts joined). */
export function messageText(message: Pick<ChatMessage, 'parts'>): string {
  return message.parts
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}
