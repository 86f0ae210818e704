/**
 * The bot check a site may put before each new conversation (see docs/gateway.md): the site registers a
 * function that returns a token from its challenge provider (Cloudflare Turnstile, for example), and the
 * client sends it with the create request, for the site's gateway to verify. Reads and sends carry none.
 */
import { ApiError } from './errors';

/** Returns a fresh token of the site's challenge provider (each is good for one conversation). */
export type ChallengeProvider = () => string | Promise<string>;

/** The request header that carries the token. */
export const CHALLENGE_HEADER = 'X-Assistant-Challenge';

/**
 * Asks `provider` for a token. Rejects with an `ApiError`: `rejected` when the provider fails or gives no
 * usable token (the visitor can try again), `network` when `signal` aborts first.
 */
export async function challengeToken(provider: ChallengeProvider, signal?: AbortSignal): Promise<string> {
  let token: unknown;
  try {
    const cancelled = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    token = await Promise.race([provider(), cancelled]);
  } catch (error) {
    if (signal?.aborted) throw new ApiError('network', 'Cancelled.');
    throw new ApiError('rejected', `The bot check could not be completed (${String((error as Error)?.message ?? error)}).`);
  }
  // (A header value: printable ASCII only, as providers' tokens are.)
  if (typeof token !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(token)) throw new ApiError('rejected', 'The bot check gave no token.');
  return token;
}
