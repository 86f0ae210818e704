/**
 * The gateway's options, checked once when it is created: a mistake in them is one clear error at
 * start-up, never a gateway that lets everything through.
 */
import { isUuid, trimBase } from '../api/url';
import type { ChallengeCheck } from './challenge';
import { DEFAULT_LIMITS, type LimitStore, type Limits } from './limits';
import type { Logger } from './log';
import { parseOrigins, type OriginCheck } from './origins';

/** Options of `createGateway`. */
export interface GatewayOptions {
  /** The platform's API root, e.g. `https://api.example.com`. CLI: `--upstream`. */
  upstream: string;
  /** The owner's API key, sent upstream as `Authorization: Bearer …`. CLI: `ASSISTANT_API_KEY`. */
  apiKey: string;
  /** The owner's sites: exact origins or `*.example.com` patterns (see origins.ts). CLI: `--allow-origin`, repeatable. */
  allowOrigins: readonly string[];
  /** Let requests without an `Origin` header (scripts, not pages) through. Default false. CLI: `--allow-no-origin`. */
  allowNoOrigin?: boolean;
  /** Count clients by the last `X-Forwarded-For` entry (one proxy in front). Default false. CLI: `--trust-proxy`. */
  trustProxy?: boolean;
  /**
   * The client's address where the platform tells it in a header of its own, e.g.
   * `(request) => request.headers.get('CF-Connecting-IP')` on Cloudflare Workers. Wins over the others.
   */
  clientAddress?: (request: Request) => string | null | undefined;
  /** Only these assistants may be chatted with (others: 404 "Assistant not found"). Default: any. CLI: `--assistant`, repeatable. */
  assistants?: readonly string[];
  /** The limits; each one left out keeps its default (`DEFAULT_LIMITS`). */
  limits?: Partial<Limits>;
  /** Where the limits count; default this instance's memory. */
  store?: LimitStore;
  /** The secret of signed visitors (see identity.ts). CLI: `--identity-secret` or `ASSISTANT_IDENTITY_SECRET`. */
  identitySecret?: string;
  /** The bot check before each create, e.g. `createTurnstileCheck(…)`. Default: none. */
  challenge?: ChallengeCheck;
  /** The largest request body, in bytes. Default 32768. CLI: `--max-body`. */
  maxBodyBytes?: number;
  /** How long to wait for the platform to create or read, in ms (under the widget's 15 s). Default 12000. CLI: `--timeout`. */
  timeoutMs?: number;
  /** How long to wait for a reply, in ms (under the widget's 45 s: tools take time). Default 40000. CLI: `--send-timeout`. */
  sendTimeoutMs?: number;
  /** The path the gateway is served under, e.g. `/api/chat`. Default: the root. CLI: `--base-path`. */
  basePath?: string;
  /** The transport to the platform; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Gets one entry per request; default: a JSON line on standard output. `false`: none. */
  log?: Logger | false;
  /** The clock (epoch ms); default `Date.now`. */
  now?: () => number;
}

/** The options as the handler uses them. */
export interface ResolvedOptions {
  upstream: string;
  apiKey: string;
  isAllowed: OriginCheck;
  allowNoOrigin: boolean;
  trustProxy: boolean;
  clientAddress: ((request: Request) => string | null | undefined) | undefined;
  assistants: Set<string> | undefined;
  limits: Limits;
  identitySecret: string | undefined;
  challenge: ChallengeCheck | undefined;
  maxBodyBytes: number;
  timeoutMs: number;
  sendTimeoutMs: number;
  basePath: string;
}

/** Checks `options`; throws one error naming every problem. */
export function resolveOptions(options: GatewayOptions): ResolvedOptions {
  const problems: string[] = [];
  // (From plain JavaScript anything may be missing.)
  const given: Partial<GatewayOptions> = options;
  const upstream = trimBase(given.upstream ?? '');
  if (!/^https?:\/\/[^/]/.test(upstream) || !isUrl(upstream))
    problems.push(`upstream "${given.upstream ?? ''}" is not an http(s) URL (the platform's API root).`);
  if (!options.apiKey) problems.push('the API key is missing (ASSISTANT_API_KEY): the gateway adds it to every request upstream.');
  let isAllowed: OriginCheck = () => false;
  try {
    isAllowed = parseOrigins(given.allowOrigins ?? []);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!given.allowOrigins?.length && !options.allowNoOrigin) {
    problems.push("no site is allowed: give the origins of the owner's pages (--allow-origin https://www.example.com).");
  }
  const assistants = options.assistants?.length ? new Set(options.assistants.map((id) => id.trim().toLowerCase())) : undefined;
  const badAssistants = [...(assistants ?? [])].filter((id) => !isUuid(id));
  if (badAssistants.length) problems.push(`not an assistant UUID: ${badAssistants.join(', ')}.`);
  const limits = { ...DEFAULT_LIMITS, ...definedOnly(options.limits ?? {}) };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) problems.push(`limit ${name} must be a whole number of 1 or more (got ${String(value)}).`);
  }
  const numbers = {
    maxBodyBytes: options.maxBodyBytes ?? 32768,
    timeoutMs: options.timeoutMs ?? 12000,
    sendTimeoutMs: options.sendTimeoutMs ?? 40000,
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (!Number.isSafeInteger(value) || value < 1) problems.push(`${name} must be a whole number of 1 or more (got ${String(value)}).`);
  }
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath && !/^\/[\w\-./~]*$/.test(basePath)) problems.push(`basePath "${options.basePath}" must be a path such as /api/chat.`);
  if (problems.length) throw new Error('The gateway cannot start: ' + problems.join(' '));
  return {
    upstream,
    apiKey: options.apiKey,
    isAllowed,
    allowNoOrigin: !!options.allowNoOrigin,
    trustProxy: !!options.trustProxy,
    clientAddress: options.clientAddress,
    assistants,
    limits,
    identitySecret: options.identitySecret || undefined,
    challenge: options.challenge,
    ...numbers,
    basePath,
  };
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** `values` without its undefined entries (so they keep their defaults). */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
