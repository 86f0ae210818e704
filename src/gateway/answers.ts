/**
 * The gateway's own answers, in the platform's error shapes (src/api/contract/conversations.md), so the
 * widget reads them as it reads the platform's: `{ status: false, error }` for the chat endpoints,
 * `{ message, errors }` for validation (422), `{ error, retry_after }` for rate limits (429).
 */

/** The request headers a page may send (what the widget's client sends, and the bot check's token). */
export const ALLOWED_HEADERS = 'Content-Type, Accept, X-Assistant-Challenge';

/** The CORS headers of an answer to an allowed page (none for a request without `Origin`). */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

/** A JSON answer that no cache keeps. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return text(status, JSON.stringify(body), headers);
}

/** An answer whose body is already JSON text (the platform's, passed on). */
export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** `{ status: false, error }`, the chat endpoints' error shape. */
export function failure(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json(status, { status: false, error }, headers);
}

/** The platform's 422: the first message, then how many more there are. */
export function invalid(errors: Record<string, string[]>, headers: Record<string, string> = {}): Response {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message = (all[0] ?? 'The given data was invalid.') + (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
  return json(422, { message, errors }, headers);
}

/** The platform's 429, with `Retry-After`, which the widget waits out before it tries again. */
export function rateLimited(retryAfterSeconds: number, headers: Record<string, string> = {}): Response {
  return json(429, { error: 'Rate limit exceeded', retry_after: retryAfterSeconds }, { ...headers, 'Retry-After': String(retryAfterSeconds) });
}

/** The answer to a CORS preflight from an allowed page. */
export function preflight(origin: string, privateNetwork: boolean): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
      // Chromium's Private Network Access: a public page may call a gateway on the owner's network.
      ...(privateNetwork && { 'Access-Control-Allow-Private-Network': 'true' }),
    },
  });
}
