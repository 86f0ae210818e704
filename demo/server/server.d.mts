import type { StandInApiOptions } from './app.mjs';

/** Options of `startStandInApi`: the API's options plus where to listen. */
export interface StartOptions extends StandInApiOptions {
  /** Default 0 (an ephemeral port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** A running stand-in API. */
export interface RunningStandInApi {
  /** The API root, like `http://127.0.0.1:43123`. */
  url: string;
  /** The port bound (useful with `port: 0`). */
  port: number;
  /** Stops accepting, cuts open connections, waits for pending writes. */
  close(): Promise<void>;
}

/** Starts the stand-in API on `host:port` (default 127.0.0.1 and an ephemeral port). */
export declare function startStandInApi(options: StartOptions): Promise<RunningStandInApi>;
