/**
 * Counters in Redis, so that several gateway instances behind a load balancer share one set of limits.
 * The check and the count are one Lua script: Redis runs it atomically, so two instances racing for the
 * last slot of a window cannot both get it. The client is the `redis` package (node-redis), an optional
 * peer dependency loaded only when this store is created.
 */
import type { LimitStore } from './limits';
import { errorText } from './log';

/**
 * KEYS: the counters; ARGV: each one's limit and time to live, in turn. Returns 0 after counting every
 * counter, or the (1-based) position of the first one at its limit, having counted none.
 */
const HIT_SCRIPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then return i end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('EXPIRE', key, ARGV[2 * i]) end
end
return 0`;

/** The part of a node-redis client this store uses. */
interface RedisClient {
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  quit?(): Promise<unknown>;
  close?(): Promise<unknown>;
}

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** `redis://…` or `rediss://…` (the CLI reads `REDIS_URL`). */
  url: string;
  /** Told of connection errors (the client reconnects by itself); default: ignored. */
  onError?: (error: unknown) => void;
}

/**
 * Connects to Redis and returns a store of counters there. Rejects with a clear error when the `redis`
 * package is not installed or the server cannot be reached. While the connection is down, counting
 * rejects at once (the gateway then refuses with 503 rather than letting requests through uncounted).
 */
export async function createRedisStore({ url, onError = () => {} }: RedisStoreOptions): Promise<LimitStore> {
  const createClient = await loadRedis();
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      // The first connection fails at once (a wrong URL is a mistake to hear about); a lost one is tried again.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 2000) : cause),
    },
  });
  client.on('error', onError);
  try {
    await client.connect();
    connected = true;
  } catch (error) {
    throw new Error(`Could not connect to Redis at ${redactUrl(url)}: ${errorText(error)}`, { cause: error });
  }
  let sha: string | undefined;

  async function run(keys: string[], args: string[]): Promise<number> {
    sha ??= String(await client.sendCommand(['SCRIPT', 'LOAD', HIT_SCRIPT]));
    try {
      return Number(await client.sendCommand(['EVALSHA', sha, String(keys.length), ...keys, ...args]));
    } catch (error) {
      // A restarted or flushed server has forgotten the script: load it again once.
      if (!/NOSCRIPT/.test(errorText(error))) throw error;
      sha = undefined;
      return run(keys, args);
    }
  }

  return {
    async hit(counters) {
      const answer = await run(
        counters.map((counter) => counter.key),
        counters.flatMap((counter) => [String(counter.limit), String(counter.ttlSeconds)]),
      );
      return answer - 1;
    },
    async ping() {
      await client.sendCommand(['PING']);
    },
    async close() {
      await (client.close ?? client.quit)?.call(client);
    },
  };
}

type CreateClient = (options: {
  url: string;
  disableOfflineQueue: boolean;
  socket: { connectTimeout: number; reconnectStrategy: (retries: number, cause: Error) => number | Error };
}) => RedisClient;

/** Imports `redis` by a name bundlers leave alone: a Worker's bundle must not try to include it. */
async function loadRedis(): Promise<CreateClient> {
  const name = 'redis';
  try {
    const module = (await import(/* @vite-ignore */ name)) as { createClient: CreateClient };
    return module.createClient;
  } catch (error) {
    throw new Error(
      'REDIS_URL is set, but the "redis" package cannot be loaded (npm install redis): it is an optional peer dependency of assistant-chat-widget, ' +
        `needed only to share limits between gateway instances. (${errorText(error)})`,
      { cause: error },
    );
  }
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(an unreadable URL)';
  }
}
