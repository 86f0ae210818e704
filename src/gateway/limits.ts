/**
 * The limits that keep an owner's bill sane: how many conversations a client may start, how many
 * messages a conversation may take, and a ceiling for the whole site. Each is a counter in a fixed
 * window aligned to the clock (an hour from :00, a UTC day from midnight), so every gateway instance
 * that shares a store counts in the same window.
 */

/** The numbers of each limit (all per window; see {@link DEFAULT_LIMITS}). */
export interface Limits {
  /** New conversations per client address (or signed visitor) per hour. `--conversations-per-hour`. */
  conversationsPerHour: number;
  /** Messages per conversation per minute. `--messages-per-minute`. */
  messagesPerMinute: number;
  /** Messages per conversation per UTC day. `--messages-per-day`. */
  messagesPerDay: number;
  /** Messages of the whole site per UTC day: the ceiling on the bill. `--site-messages-per-day`. */
  siteMessagesPerDay: number;
  /** Reads of a conversation per client address per minute (they cost nothing, but load the platform). `--reads-per-minute`. */
  readsPerMinute: number;
}

/**
 * Defaults a small business can live with: a visitor starts a conversation or two in an hour and sends a
 * message every few seconds at most; 5,000 messages a day is 50 USD at 0.01 USD a message.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = {
  conversationsPerHour: 20,
  messagesPerMinute: 10,
  messagesPerDay: 200,
  siteMessagesPerDay: 5000,
  readsPerMinute: 120,
};

/** The name of a limit as logs and the CLI say it. */
export type LimitName = 'conversations-per-hour' | 'messages-per-minute' | 'messages-per-day' | 'site-messages-per-day' | 'reads-per-minute';

/** One counter a request is counted against: its key (window included), its limit and how long the key lives. */
export interface Counter {
  key: string;
  limit: number;
  ttlSeconds: number;
}

/**
 * Where counters live: in memory for one instance ({@link createMemoryStore}), in Redis for several
 * (`createRedisStore`), or anything else that keeps the same promise.
 */
export interface LimitStore {
  /**
   * Counts one request against every counter, atomically and all or none: when each is under its limit,
   * each goes up by one and the answer is -1; otherwise none changes and the answer is the index of the
   * first one at its limit.
   */
  hit(counters: readonly Counter[], now: number): Promise<number>;
  /** Rejects when the store cannot be reached (for the health endpoint). */
  ping?(): Promise<void>;
  /** Lets go of connections. */
  close?(): Promise<void>;
}

/** A request as the limits see it. */
export type Usage = { kind: 'create'; client: string } | { kind: 'read'; client: string } | { kind: 'send'; conversationId: string };

/** What the limits say of a request. */
export type LimitVerdict = { allowed: true } | { allowed: false; limit: LimitName; retryAfterSeconds: number };

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/** Checks and counts requests against `limits` in `store`; keys start with `prefix`. */
export function createLimiter(limits: Limits, store: LimitStore, prefix = 'assistant-gateway:') {
  /** The counters of one request: name, subject, limit and window length in seconds. */
  function rules(usage: Usage): [LimitName, string, number, number][] {
    switch (usage.kind) {
      case 'create':
        return [['conversations-per-hour', usage.client, limits.conversationsPerHour, HOUR]];
      case 'read':
        return [['reads-per-minute', usage.client, limits.readsPerMinute, MINUTE]];
      case 'send':
        return [
          ['messages-per-minute', usage.conversationId, limits.messagesPerMinute, MINUTE],
          ['messages-per-day', usage.conversationId, limits.messagesPerDay, DAY],
          ['site-messages-per-day', 'site', limits.siteMessagesPerDay, DAY],
        ];
      default:
        return assertNever(usage);
    }
  }

  return {
    /** Counts `usage` at `now` (epoch ms) unless a limit is reached; says which one and for how long. */
    async check(usage: Usage, now: number): Promise<LimitVerdict> {
      const list = rules(usage);
      const counters = list.map(([name, subject, limit, window]) => ({
        key: `${prefix}${name}:${subject}:${Math.floor(now / 1000 / window)}`,
        limit,
        ttlSeconds: window,
      }));
      const full = await store.hit(counters, now);
      if (full < 0) return { allowed: true };
      const [name, , , window] = list[full]!;
      const windowEnd = (Math.floor(now / 1000 / window) + 1) * window * 1000;
      return { allowed: false, limit: name, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
    },
  };
}

/** Counters in this instance's memory: right for one gateway process (each process counts on its own). */
export function createMemoryStore(): LimitStore {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  let hits = 0;

  /** Drops expired counters now and then, so memory stays bounded by the traffic of one window. */
  function sweep(now: number) {
    if (++hits % 1000 !== 0) return;
    for (const [key, entry] of counts) if (entry.expiresAt <= now) counts.delete(key);
  }

  return {
    hit(counters, now) {
      sweep(now);
      const entries = counters.map(({ key, ttlSeconds }) => {
        const entry = counts.get(key);
        return entry && entry.expiresAt > now ? entry : { count: 0, expiresAt: now + ttlSeconds * 1000 };
      });
      const full = entries.findIndex((entry, index) => entry.count >= counters[index]!.limit);
      if (full >= 0) return Promise.resolve(full);
      entries.forEach((entry, index) => {
        entry.count++;
        counts.set(counters[index]!.key, entry);
      });
      return Promise.resolve(-1);
    },
    async ping() {},
    close() {
      counts.clear();
      return Promise.resolve();
    },
  };
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
