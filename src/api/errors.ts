/**
 * What went wrong with a request, as a kind the UI and the store can act on.
 * - `not_found`: unknown assistant or conversation (404 with the API's error body).
 * - `insufficient_balance`: the owner cannot pay for a `widget` conversation (400).
 * - `assistant_failed`: the assistant could not produce a reply (400 "Failed to process message").
 * - `validation`: the server rejected the body (422); see `fields`.
 * - `rejected`: any other 4xx.
 * - `rate_limited`: 429; wait `retryAfterMs` before the next request.
 * - `server`: 5xx, whatever the body (HTML pages of proxies included); see `body`.
 * - `network`: the request could not be completed (offline, connection reset, CORS).
 * - `timeout`: no answer within the client's time limit.
 * - `unexpected`: an answer the contract does not describe (a 200 of the wrong shape, truncated JSON).
 * - `not_api`: the address answered, but not like the chat API: an HTML page or another content type
 *   below 500, or a 404 without the API's error body. Almost always a wrong `data-api-base`; `url` says
 *   which address was tried.
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
  | 'unexpected'
  | 'not_api';

/**
 * What the body of an error answer was: `empty`, a JSON object (`json`), or anything else (`other`: an
 * HTML page, plain text, JSON that is not an object, JSON cut off).
 */
export type ErrorBody = 'empty' | 'json' | 'other';

/** The details an {@link ApiError} may carry. */
export interface ApiErrorDetails {
  status?: number | undefined;
  retryAfterMs?: number | undefined;
  fields?: Record<string, string[]> | undefined;
  body?: ErrorBody | undefined;
  url?: string | undefined;
}

/** The one error type the API client ever rejects with. */
export class ApiError extends Error {
  /** HTTP status, when a response arrived. */
  declare readonly status?: number;
  /** For `rate_limited`: how long to wait before trying again, in milliseconds. */
  declare readonly retryAfterMs?: number;
  /** For `validation`: the server's messages per field. */
  declare readonly fields?: Record<string, string[]>;
  /** When a response arrived: what its body was. */
  declare readonly body?: ErrorBody;
  /** For `not_api`: the address that did not answer like the API. */
  declare readonly url?: string;

  constructor(
    /** What kind of failure this is. */
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    Object.assign(this, details);
  }
}

/**
 * What a failed send says about its message:
 * - `unknown`: it may have been processed (no answer, a 5xx, an answer not of the API's shape): only
 *   the history can tell, and the message must not be sent again before it has been read;
 * - `refused`: surely not processed (429, 404, 422, insufficient balance): it may go again unchecked;
 * - `answered`: the server took it and answered with an error (the assistant failed, another 4xx): it
 *   may be in the history, so a retry looks there first.
 */
export function sendOutcome(error: ApiError): 'unknown' | 'refused' | 'answered' {
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'server':
    case 'unexpected':
    case 'not_api':
      return 'unknown';
    case 'rate_limited':
    case 'not_found':
    case 'validation':
    case 'insufficient_balance':
      return 'refused';
    case 'assistant_failed':
    case 'rejected':
      return 'answered';
  }
}

/**
 * True when a failed send may still have reached the server and been processed
 * (so the message must not be sent again without reading the history first).
 */
export function isOutcomeUnknown(error: ApiError): boolean {
  return sendOutcome(error) === 'unknown';
}

/**
 * True when asking again soon may get another answer: the network failed or timed out, or the server
 * failed with an empty or JSON body (a restart, an overload). An HTML page, a well-formed refusal or an
 * answer of the wrong shape will be the same next time. For reads and creates; a send of unknown
 * outcome is never simply repeated (see {@link isOutcomeUnknown}).
 */
export function isTransient(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'server' && error.body !== 'other');
}
