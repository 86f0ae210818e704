/**
 * The bot check a site may put before each new conversation (see docs/gateway.md): the site registers a
 * function that returns a token from its challenge provider (Cloudflare Turnstile, for example), and the
 * client sends it with the create request, for the site's gateway to verify. Reads and sends carry none.
 */
import { ApiError } from './errors';

/**
 * Returns a fresh token of the site's challenge provider (each is good for one conversation). The
 * conversation waits for it, so it should settle: resolve with the token, or reject.
 */
export type ChallengeProvider = () => string | Promise<string>;

/** The request header that carries the token. */
export const CHALLENGE_HEADER = 'X-Assistant-Challenge';

/**
 * Asks `provider` for a token. Rejects with an `ApiError` of kind `rejected` when it fails or gives none:
 * the visitor can try again.
 */
export async function challengeToken(provider: ChallengeProvider): Promise<string> {
  const token: unknown = await Promise.resolve()
    .then(provider)
    .catch(() => 0);
  if (typeof token === 'string' && token) return token;
  throw new ApiError('rejected', 'The bot check failed.');
}
