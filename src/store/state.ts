/**
 * The store's state union, and what the rest of the widget derives from it: whether an error blocks
 * messages (and for good or not), and the error the UI is given.
 */
import type { ApiError, ApiErrorKind } from '../api/errors';
import type { ChatError } from '../model';
import type { BlockReason, StoreState } from './types';

/** Opening errors that refuse messages: why, and whether calling again can help (`final`: it cannot). */
const BLOCKING: Partial<Record<ApiErrorKind, { reason: BlockReason; final: boolean }>> = {
  // Only creating reaches here with a 404: the assistant is unknown (a conversation that is gone is replaced).
  not_found: { reason: 'unknown-assistant', final: true },
  insufficient_balance: { reason: 'no-balance', final: false },
  validation: { reason: 'misconfigured', final: true },
  // A wrong API base does not fix itself, but a captive portal or a passing proxy page may.
  not_api: { reason: 'misconfigured', final: false },
};

/** The state an opening error leads to: `blocked` for the kinds that refuse messages, else `failed`. */
export function haltedState(error: ApiError): Extract<StoreState, { type: 'failed' | 'blocked' }> {
  const block = BLOCKING[error.kind];
  const chatError = toChatError(error, !block?.final);
  return block ? { type: 'blocked', reason: block.reason, error: chatError } : { type: 'failed', error: chatError };
}

/** True when `state` refuses messages until something changes. */
export function isBlocked(state: StoreState): boolean {
  return state.type === 'blocked';
}

/** True when `start()` cannot help: the store is blocked for good (or disposed). */
export function isBlockedForGood(state: StoreState): boolean {
  return state.type === 'blocked' && !state.error.retryable;
}

/** The error the UI is given for `error`: its kind and the server's words, and whether Retry can help. */
export function toChatError(error: ApiError, retryable: boolean): ChatError {
  return { kind: error.kind, detail: error.message, retryable };
}
