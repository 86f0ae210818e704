// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../demo/server/rate-limit.mjs';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('the stand-in rate limiter', () => {
  it('allows a burst of 20 within 10 seconds, refuses the 21st and says when to come back', () => {
    const time = clock();
    const limiter = createRateLimiter({ now: time.now });
    for (let i = 0; i < 20; i++) {
      const decision = limiter.hit('1.2.3.4');
      expect(decision).toMatchObject({ allowed: true, limit: 100, remaining: 19 - i });
      time.advance(100);
    }
    const refused = limiter.hit('1.2.3.4');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 8 });
    // Other clients are not affected.
    expect(limiter.hit('5.6.7.8').allowed).toBe(true);

    time.advance(8000);
    expect(limiter.hit('1.2.3.4').allowed).toBe(true);
  });

  it('allows about 100 a minute when they are spread out', () => {
    const time = clock();
    const limiter = createRateLimiter({ now: time.now });
    for (let i = 0; i < 100; i++) {
      expect(limiter.hit('ip').allowed).toBe(true);
      time.advance(550);
    }
    const refused = limiter.hit('ip');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBe(5); // the first of the 100 leaves the minute 5 s later
      expect(refused.resetAt).toBe(Math.ceil((1_000_000 + 60_000) / 1000));
    }
  });

  it('does not count refused requests, and forgets everything on reset', () => {
    const time = clock();
    const limiter = createRateLimiter({ now: time.now, burst: 2 });
    limiter.hit('ip');
    limiter.hit('ip');
    for (let i = 0; i < 5; i++) expect(limiter.hit('ip').allowed).toBe(false);
    time.advance(10_001);
    expect(limiter.hit('ip').allowed).toBe(true);
    expect(limiter.hit('ip').allowed).toBe(true);
    expect(limiter.hit('ip').allowed).toBe(false);
    limiter.reset();
    expect(limiter.hit('ip').allowed).toBe(true);
  });
});
