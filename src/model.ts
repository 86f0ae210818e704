/**
 * Domain types the UI reads: messages as lists of parts, with explicit states.
 * The store turns wire messages (src/api/types.ts) into these.
 */
import type { ApiErrorKind } from './api/errors';
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
}

/** An error the UI can explain and act on. */
export interface ChatError {
  kind: ApiErrorKind;
  /** Technical detail (server's message); the UI picks its own words by `kind`. */
  detail: string;
  /** True when the visitor can usefully try again (a Retry button). */
  retryable: boolean;
  /** For `rate_limited`: when the store will try again by itself (epoch ms). */
  retryAt?: number;
}

/** What the widget as a whole is doing. */
export type ChatStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A short, dismissible notice, e.g. that an old conversation was replaced by a new one. */
export type ChatNotice = 'conversation-replaced' | 'conversation-reset';

/** True unless the function call's result says it failed (`error`, `success: false`, `status: "error"`…). */
export function functionCallSucceeded({ success, ok, error, status }: JsonObject): boolean {
  return !(success === false || ok === false || (error != null && error !== false && error !== '') || /^(error|failed|failure)$/i.test(`${status}`));
}

/** The parts of a wire message: the function calls the assistant ran, then its text. */
export function toParts(message: Pick<WireMessage, 'content' | 'function_calls'>): MessagePart[] {
  const parts: MessagePart[] = (message.function_calls ?? []).map((call) => ({
    type: 'function_call',
    ...call,
    state: functionCallSucceeded(call.result) ? 'success' : 'error',
  }));
  if (message.content) parts.push({ type: 'text', text: message.content });
  return parts;
}

/** The text of a message (its text parts joined). */
export function messageText(message: Pick<ChatMessage, 'parts'>): string {
  return message.parts
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}
