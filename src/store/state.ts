/**
 * The store's state union, and what the rest of the widget derives from it: whether an error blocks
 * messages (and for good or not).
 */
import type { ApiError } from '../api/errors';
import type { ChatError } from '../model';
import type { BlockReason, StoreState } from './types';

/**
 * The state an opening error leads to: `blocked` for the kinds that refuse messages, else `failed`.
 * A block is for good (not retryable) when calling again cannot help.
 */
export function haltedState(error: ApiError): Extract<StoreState, { type: 'failed' | 'blocked' }> {
  const { kind } = error;
  // Only creating reaches here with a 404: the assistant is unknown (a conversation that is gone is replaced).
  // A wrong API base (`not_api`) does not fix itself, but a captive portal or a passing proxy page may.
  const reason: BlockReason | undefined =
    kind === 'not_found' ? 'unknown-assistant' : kind === 'insufficient_balance' ? 'no-balance' : kind === 'validation' || kind === 'not_api' ? 'misconfigured' : undefined;
  const chatError = toChatError(error, kind !== 'not_found' && kind !== 'validation');
  return reason ? { type: 'blocked', reason, error: chatError } : { type: 'failed', error: chatError };
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
