/**
 * What went wrong with a request, as a kind the UI and the store can act on.
 * - `not_found`: unknown assistant or conversation (404).
 * - `insufficient_balance`: the owner cannot pay for a `widget` conversation (400).
 * - `assistant_failed`: the assistant could not produce a reply (400 "Failed to process message").
 * - `validation`: the server rejected the body (422); see `fields`.
 * - `rejected`: any other 4xx.
 * - `rate_limited`: 429; wait `retryAfterMs` before the next request.
 * - `server`: 5xx, whatever the body (HTML pages of proxies included).
 * - `network`: the request could not be completed (offline, connection reset, CORS).
 * - `timeout`: no answer within the client's time limit.
 * - `unexpected`: an answer the contract does not describe (a 200 of the wrong shape, truncated JSON).
 */
export type ApiErrorKind =
  | 'not_found'
  | 'insufficient_balance'
  | 'assistant_failed'
  | 'validation'
  | 'rejected'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'unexpected';

/** The one error type the API client ever rejects with. */
export class ApiError extends Error {
  /** HTTP status, when a response arrived. */
  declare readonly status?: number;
  /** For `rate_limited`: how long to wait before trying again, in milliseconds. */
  declare readonly retryAfterMs?: number;
  /** For `validation`: the server's messages per field. */
  declare readonly fields?: Record<string, string[]>;

  constructor(
    /** What kind of failure this is. */
    readonly kind: ApiErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number | undefined; fields?: Record<string, string[]> | undefined } = {},
  ) {
    super(message);
    Object.assign(this, details);
  }
}

/**
 * True when a failed send may still have reached the server and been processed
 * (so the message must not be sent again without reading the history first).
 */
export function isOutcomeUnknown(error: ApiError): boolean {
  return /^(network|timeout|server|unexpected)$/.test(error.kind);
}
