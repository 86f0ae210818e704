/**
 * Checks of the API's success bodies: what the client accepts as a history or a reply. One pass over
 * each list, no copies of valid data (a long history is checked on every resume).
 */
import { isObject } from './json';
import type { WireFunctionCall, WireMessage } from './types';

/** True for a list of function calls of the contract's shape (`arguments` and `result` JSON objects). */
export function isCallList(value: unknown): value is WireFunctionCall[] {
  if (!Array.isArray(value)) return false;
  for (const call of value) {
    if (!isObject(call) || typeof call.name !== 'string' || !isObject(call.arguments) || !isObject(call.result)) return false;
  }
  return true;
}

/**
 * The history when `value` has the contract's shape, else undefined. A `function_calls: null` (what
 * some servers send for "none") is dropped from its message; every other message is passed on as it came.
 */
export function toHistory(value: unknown): WireMessage[] | undefined {
  if (!Array.isArray(value)) return undefined;
  let history: unknown[] = value;
  for (let i = 0; i < value.length; i++) {
    const message: unknown = value[i];
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant') || typeof message.content !== 'string') return undefined;
    const calls = message.function_calls;
    if (calls === null) {
      // Copied once, at the first message that needs a change.
      if (history === value) history = value.slice();
      const { function_calls: _null, ...rest } = message;
      history[i] = rest;
    } else if (calls !== undefined && !isCallList(calls)) {
      return undefined;
    }
  }
  return history as WireMessage[];
}
