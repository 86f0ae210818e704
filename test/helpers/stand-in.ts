/**
 * Starts the local stand-in API for a test: 127.0.0.1, an ephemeral port, a fresh temporary data
 * folder, and the control endpoint on (faults, request log, balances). Control calls go through
 * `node:http`, so the helper works in any Vitest environment (node or happy-dom).
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoggedRequest, StandInApiOptions } from '../../demo/server/app.mjs';
import { startStandInApi } from '../../demo/server/server.mjs';

/** The fixture assistants of demo/server/assistants.json (and one that does not exist). */
export const ASSISTANTS = {
  /** "Northwind Dental": initial message with `{{name}}` and `{{clinic}}`, funded owner. */
  northwind: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10',
  /** "Quiet helper": no initial message (history starts empty). */
  quiet: '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01',
  /** "Unfunded shop": owner balance 0 (`widget` refused, `test` works). */
  unfunded: 'c91d5e27-6f4b-4a3e-8d12-9b0e7a6c5d02',
  /** Not an assistant: 404 Assistant not found. */
  unknown: '00000000-0000-4000-8000-000000000000',
} as const;

/** A fault the stand-in can inject (see `POST /__control`). */
export type FaultMode = 'slow' | 'drop-after-processing' | 'drop-before-processing' | '502' | '429' | 'malformed' | 'hostile' | 'assistant-error';

/** Options of a fault. */
export interface FaultOptions {
  /** How many matching requests it applies to; default 1. */
  times?: number;
  /** How long to wait before the fault acts, in ms (`slow`: before answering normally); default 5000 for `slow`, else 0. */
  delayMs?: number;
  /** For `429`: `retry_after` in seconds; default 2. */
  retryAfter?: number;
  /**
   * `messages` (default): only `POST …/messages`; `create`: only `POST /conversations`; `read`: only
   * `GET /conversations/{uuid}`; `all`: every API route. Only `messages` for hostile and assistant-error.
   */
  routes?: 'messages' | 'create' | 'read' | 'all';
}

/** Options of `startStandIn`. */
export interface StandInOptions extends Partial<Omit<StandInApiOptions, 'dataDir' | 'control'>> {
  /** Reuse a data folder (e.g. to restart on the same data); it is then not removed on close. */
  dataDir?: string;
  /** Default true. */
  control?: boolean;
}

/** A running stand-in API and its control endpoint. */
export interface StandIn {
  /** The API root, e.g. `http://127.0.0.1:43123` (give it to `createApiClient({ baseUrl })`). */
  url: string;
  port: number;
  /** The data folder in use. */
  dataDir: string;
  /** Warnings the API logged (e.g. a corrupt data file set aside), unless a `logger` was given. */
  warnings: string[];
  /** Arms a fault for the next matching request(s); `null` clears it. */
  fault(mode: FaultMode | null, options?: FaultOptions): Promise<void>;
  /** Every API request received so far (control requests excluded). */
  requests(): Promise<LoggedRequest[]>;
  /** Clears faults, the request log and the rate limiter. */
  reset(): Promise<void>;
  /** The balance of the assistant's owner, in USD. */
  balance(assistantId: string): Promise<number>;
  /** Sets the balance of the assistant's owner, in USD. */
  setBalance(assistantId: string, usd: number): Promise<void>;
  /** Stops the server and, when the helper created the data folder, removes it. */
  close(): Promise<void>;
}

/** Starts the stand-in API for a test; close it in `afterAll`/`afterEach`. */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await createTempDir());
  const warnings: string[] = [];
  const logger = options.logger ?? {
    warn: (...args: unknown[]) => void warnings.push(args.map(String).join(' ')),
    error: (...args: unknown[]) => console.error(...args),
  };
  const api = await startStandInApi({ ...options, logger, dataDir, control: options.control ?? true, port: 0, host: '127.0.0.1' });

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await rawRequest(api.url + path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${res.text}`);
    return JSON.parse(res.text) as Record<string, unknown>;
  };

  return {
    url: api.url,
    port: api.port,
    dataDir,
    warnings,
    async fault(mode, faultOptions = {}) {
      await call('POST', '/__control', { fault: mode, ...faultOptions });
    },
    async requests() {
      return (await call('GET', '/__control/requests')).requests as LoggedRequest[];
    },
    async reset() {
      await call('POST', '/__control/reset', {});
    },
    async balance(assistantId) {
      return (await call('GET', `/__control/balance?assistant_id=${encodeURIComponent(assistantId)}`)).balance as number;
    },
    async setBalance(assistantId, usd) {
      await call('POST', '/__control/balance', { assistant_id: assistantId, balance: usd });
    },
    async close() {
      await api.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty folder under the OS temp folder (the caller removes it). */
export function createTempDir(prefix = 'stand-in-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A raw answer: status, lower-case headers and body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request over `node:http` without any client logic (no fetch, no CORS rules), for
 * tests that look at exact status lines, headers and bodies. Rejects when the connection breaks.
 * A string body is sent with `Content-Type: application/json` unless `headers` says otherwise.
 */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    if (init.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(init.body));
    const req = request(url, { method: init.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('end', () => {
        if (!res.complete) reject(new Error('response incomplete'));
        else resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
