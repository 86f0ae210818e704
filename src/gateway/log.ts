/**
 * One structured line per request, for the owner's log collector: what route, what status, how long,
 * and which limit or check refused it. Never the message text, the variables, the key or the
 * conversation id (which lets anyone who has it read the conversation).
 */
import type { LimitName } from './limits';
import type { Route } from './routes';

/** The fields of a log line. */
export interface LogEntry {
  /** ISO time the request arrived. */
  time: string;
  method: string;
  /** The route matched (`create`, `read`, `send`, `preflight`, `health`) or `none`. */
  route: Route['name'] | 'none';
  /** The status sent. */
  status: number;
  /** Time in the gateway, upstream included, in ms. */
  ms: number;
  /** The page's origin, `null` without one. */
  origin: string | null;
  /** Why the gateway itself refused, when it did. */
  refused?:
    | 'origin'
    | 'too-large'
    | 'not-json'
    | 'malformed'
    | 'invalid'
    | 'assistant'
    | 'signature'
    | 'challenge'
    | 'limit'
    | 'limits-unavailable'
    | 'error';
  /** Which limit was reached. */
  limit?: LimitName;
  /** The platform's status, when the request went upstream and it answered. */
  upstream_status?: number;
  /** Time spent waiting for the platform, in ms. */
  upstream_ms?: number;
  /** What went wrong upstream, if anything. */
  upstream_problem?: 'timeout' | 'unreachable' | 'not-json' | 'key-refused';
  /** The visitor was signed (identity verification). */
  signed?: boolean;
}

/** Receives each line; the default writes it as JSON to the console. */
export type Logger = (entry: LogEntry) => void;

/** What an error says, whatever was thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** Writes `entry` as one line of JSON on standard output. */
export const consoleLogger: Logger = (entry) => console.log(JSON.stringify(entry));
