/**
 * The one call to the platform: the path and method the widget asked for, the body the gateway checked,
 * the owner's key as `Authorization: Bearer …`, and nothing else of the visitor's request (no cookies,
 * no other header). The platform's JSON answers go back as they are; anything else becomes a clear 502,
 * and no answer in time a 504, both in the shape the widget reads as the platform's own.
 */
import { failure, text } from './answers';

/** Where the platform is and how it is called. */
export interface UpstreamOptions {
  /** The platform's API root, e.g. `https://api.example.com` (no trailing slash). */
  base: string;
  /** The owner's API key. */
  apiKey: string;
  /** The transport. */
  fetch: typeof fetch;
}

/** One request to forward. */
export interface UpstreamCall {
  method: 'GET' | 'POST';
  /** Below the API root, e.g. `/conversations`. */
  path: string;
  body?: unknown;
  timeoutMs: number;
}

/** The answer for the browser (headers other than CORS), and what the log line says of the call. */
export interface Forwarded {
  response: Response;
  /** The platform's status; absent when it did not answer. */
  status?: number;
  /** What went wrong, if anything: no answer in time, no connection, an answer not of the API, the key refused. */
  problem?: 'timeout' | 'unreachable' | 'not-json' | 'key-refused';
}

/** Forwards one call; never rejects. */
export async function forward(upstream: UpstreamOptions, call: UpstreamCall, extraHeaders: Record<string, string>): Promise<Forwarded> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  let status: number | undefined;
  try {
    const response = await upstream.fetch(upstream.base + call.path, {
      method: call.method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${upstream.apiKey}`,
        ...(call.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal,
    });
    status = response.status;
    const body = await response.text();
    if (status === 401 || status === 403) {
      return { status, problem: 'key-refused', response: failure(502, 'The chat service refused this site’s gateway.', extraHeaders) };
    }
    if (!isJson(response.headers.get('content-type'), body)) {
      return { status, problem: 'not-json', response: failure(502, `The chat service answered with an error page (HTTP ${status}).`, extraHeaders) };
    }
    const retryAfter = response.headers.get('retry-after');
    return { status, response: text(status, body, { ...extraHeaders, ...(status === 429 && retryAfter && { 'Retry-After': retryAfter }) }) };
  } catch {
    if (signal.aborted) return { status, problem: 'timeout', response: failure(504, 'The chat service did not answer in time.', extraHeaders) };
    return { status, problem: 'unreachable', response: failure(502, 'The chat service could not be reached.', extraHeaders) };
  }
}

/** A JSON object under a JSON content type: what the platform answers, and not a proxy's page. */
function isJson(contentType: string | null, body: string): boolean {
  return /json/i.test(contentType ?? '') && body.trimStart().startsWith('{');
}
