/**
 * The bot check before a conversation is created: the page obtains a token from a challenge provider
 * (the widget asks the function the site registered, and sends the token as `X-Assistant-Challenge`),
 * and the gateway asks the provider whether the token is good. Cloudflare Turnstile is built in; any
 * other provider is a function of the same shape.
 */

export { CHALLENGE_HEADER } from '../api/challenge';

/** What a provider says of a token: good, not good, or that it could not be asked. */
export type ChallengeResult = 'passed' | 'failed' | 'unavailable';

/** Verifies a token (with the client's address as given, empty when unknown: providers take it as a hint). */
export type ChallengeCheck = (token: string, client: { address: string }) => Promise<ChallengeResult>;

/** Options of {@link createTurnstileCheck}. */
export interface TurnstileOptions {
  /** The widget's secret key from the Turnstile dashboard (the CLI reads `TURNSTILE_SECRET`). */
  secret: string;
  /** The siteverify endpoint; default Cloudflare's. (Tests point it at a local fake.) */
  verifyUrl?: string;
  /** How long to wait for siteverify, in ms; default 5000. */
  timeoutMs?: number;
  /** The transport; default the global `fetch`. */
  fetch?: typeof fetch;
}

/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Checks Turnstile tokens at the siteverify endpoint. */
export function createTurnstileCheck({
  secret,
  verifyUrl = TURNSTILE_VERIFY_URL,
  timeoutMs = 5000,
  fetch: transport,
}: TurnstileOptions): ChallengeCheck {
  if (!secret) throw new Error('Turnstile needs its secret key (TURNSTILE_SECRET).');
  return async (token, { address }) => {
    // Turnstile's tokens are at most 2048 characters.
    if (!token || token.length > 2048) return 'failed';
    const form = new URLSearchParams({ secret, response: token });
    if (address) form.set('remoteip', address);
    try {
      const response = await (transport ?? fetch)(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return 'unavailable';
      const answer = (await response.json()) as { success?: unknown } | null;
      return answer?.success === true ? 'passed' : 'failed';
    } catch {
      return 'unavailable';
    }
  };
}
