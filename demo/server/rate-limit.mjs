// @ts-check
/**
 * The platform's rate limit per client: about `perMinute` requests a minute, with bursts of
 * at most `burst` in `burstWindowMs`. A sliding log of request times per key (the client IP).
 * Refused requests do not count.
 */

/**
 * @typedef {object} RateLimitOptions
 * @property {number} [perMinute] default 100
 * @property {number} [burst] default 20
 * @property {number} [burstWindowMs] default 10000
 */

/**
 * @typedef {{ allowed: true; limit: number; remaining: number }
 *   | { allowed: false; limit: number; remaining: 0; retryAfterSeconds: number; resetAt: number }} RateDecision
 * `resetAt` is when the next request will be allowed, in epoch seconds.
 */

/**
 * @typedef {object} RateLimiter
 * @property {(key: string) => RateDecision} hit counts a request for `key` unless it is refused
 * @property {() => void} reset forgets every client
 */

const MINUTE = 60_000;

/**
 * @param {RateLimitOptions & { now?: () => number }} [options]
 * @returns {RateLimiter}
 */
export function createRateLimiter({ perMinute = 100, burst = 20, burstWindowMs = 10_000, now = Date.now } = {}) {
  /** @type {Map<string, number[]>} */
  const log = new Map();

  return {
    hit(key) {
      const t = now();
      const times = (log.get(key) ?? []).filter((at) => at > t - MINUTE);
      const recent = times.filter((at) => at > t - burstWindowMs);
      /** @type {number | undefined} when the oldest blocking request leaves its window */
      let freeAt;
      if (times.length >= perMinute) freeAt = /** @type {number} */ (times[times.length - perMinute]) + MINUTE;
      if (recent.length >= burst) {
        const burstFree = /** @type {number} */ (recent[recent.length - burst]) + burstWindowMs;
        freeAt = Math.max(freeAt ?? 0, burstFree);
      }
      if (freeAt !== undefined) {
        log.set(key, times);
        const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - t) / 1000));
        return { allowed: false, limit: perMinute, remaining: 0, retryAfterSeconds, resetAt: Math.ceil(freeAt / 1000) };
      }
      times.push(t);
      log.set(key, times);
      const remaining = Math.max(0, Math.min(perMinute - times.length, burst - recent.length - 1));
      return { allowed: true, limit: perMinute, remaining };
    },
    reset() {
      log.clear();
    },
  };
}
