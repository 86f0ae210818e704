import type { IncomingMessage, ServerResponse } from 'node:http';

/** Per-IP rate limits (see demo/server/rate-limit.mjs). */
export interface RateLimitOptions {
  /** Requests a minute; default 100. */
  perMinute?: number;
  /** Requests within `burstWindowMs`; default 20. */
  burst?: number;
  /** Default 10000. */
  burstWindowMs?: number;
}

/** Options of `createStandInApi`. */
export interface StandInApiOptions {
  /** Folder for conversations and balances (created when missing). */
  dataDir: string;
  /** "Thinking" time before every reply, in ms; default 0. */
  replyDelayMs?: number;
  /** How long the "slow" intent's tool takes, in ms; default 8000. */
  slowToolMs?: number;
  /** Enables `/__control` (faults, request log, balances); default false. */
  control?: boolean;
  /** Fixture file; default demo/server/assistants.json. */
  assistantsFile?: string;
  /** Per-IP limits, or false for none. Default: the contract's (100 a minute, 20 in 10 s) without control, off with control. */
  rateLimit?: false | RateLimitOptions;
  /** Where warnings (e.g. a corrupt data file set aside) go; default console. */
  logger?: Pick<Console, 'warn' | 'error'>;
  /** Clock; default Date.now. */
  now?: () => number;
  /** Where the built widget is, served at `/widget.js` with CORS; default the repository's dist/. */
  distDir?: string;
}

/** The stand-in API: a Node/Connect request handler with paths relative to the API root. */
export interface StandInApi {
  handle(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** Stops pending replies and waits for writes to finish. */
  close(): Promise<void>;
}

/** One entry of `GET /__control/requests`. */
export interface LoggedRequest {
  method: string;
  /** The path relative to the API root, with the query string. */
  path: string;
  /** The parsed JSON body, the raw text when it is not JSON, or null when empty or too large. */
  body: unknown;
  /** Epoch ms. */
  at: number;
  /** The request headers (lower-case names). */
  headers: Record<string, string | string[] | undefined>;
  /** The status sent; absent while pending or when the connection was broken off. */
  status?: number;
}

/** What one user message of a `widget` conversation costs the assistant's owner, in cents. */
export declare const MESSAGE_PRICE_CENTS: 1;

/** Creates the stand-in API. */
export declare function createStandInApi(options: StandInApiOptions): StandInApi;
