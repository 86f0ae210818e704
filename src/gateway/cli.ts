/**
 * `assistant-chat-gateway`: the gateway as a Node server, configured by flags, with the platform's API key
 * (and any other secret) from the environment. Logs one JSON line per request on standard output.
 */
import { parseArgs } from 'node:util';
import { VERSION } from '../version';
import { createTurnstileCheck } from './challenge';
import { createGateway } from './handler';
import { createMemoryStore, DEFAULT_LIMITS, type LimitStore } from './limits';
import { createNodeFetch, startGatewayServer } from './node';
import type { GatewayOptions } from './options';
import { errorText } from './log';
import { createRedisStore } from './redis';

const HELP = `assistant-chat-gateway ${VERSION}: the chat widget's gateway, run by the site owner in front of the platform.

Usage:
  ASSISTANT_API_KEY=… npx assistant-chat-gateway --upstream <platform API root> --allow-origin <origin> [options]

Then point the widget at it: data-api-base="https://chat-gateway.example.com".

Required:
  --upstream <url>              the platform's API root, e.g. https://api.example.com
  --allow-origin <origin>       a site whose pages may use the gateway (repeatable): an exact origin such as
                                https://www.example.com, or *.example.com for its https subdomains
  ASSISTANT_API_KEY (env)       the owner's API key; added upstream, never sent to a browser

Server:
  --port <n>                    default 8788 (0: any free port)
  --host <address>              default 127.0.0.1 (0.0.0.0 to listen on every interface, e.g. in a container)
  --base-path <path>            serve under a path, e.g. /api/chat (default: the root)
  --trust-proxy                 count clients by the last X-Forwarded-For entry (only behind one proxy you run)
  --allow-no-origin             let requests without an Origin header through (scripts, not pages)
  --assistant <uuid>            only this assistant may be chatted with (repeatable; default: any)

Limits (over one: HTTP 429 with retry_after, which the widget waits out):
  --conversations-per-hour <n>  new conversations per client address (or signed visitor), default ${DEFAULT_LIMITS.conversationsPerHour}
  --messages-per-minute <n>     messages per conversation per minute, default ${DEFAULT_LIMITS.messagesPerMinute}
  --messages-per-day <n>        messages per conversation per UTC day, default ${DEFAULT_LIMITS.messagesPerDay}
  --site-messages-per-day <n>   messages of the whole site per UTC day (the ceiling on the bill), default ${DEFAULT_LIMITS.siteMessagesPerDay}
  --reads-per-minute <n>        conversation reads per client address per minute, default ${DEFAULT_LIMITS.readsPerMinute}
  REDIS_URL (env)               keep the counts in Redis, shared by every instance (needs: npm install redis)

Checks:
  --identity-secret <secret>    verify signed visitors (or ASSISTANT_IDENTITY_SECRET in the environment)
  --challenge turnstile         require a Cloudflare Turnstile token before each new conversation
                                (TURNSTILE_SECRET in the environment)
  --turnstile-verify-url <url>  the siteverify endpoint (default Cloudflare's)

Limits of a request:
  --max-body <bytes>            largest request body, default 32768
  --timeout <ms>                wait for the platform to create or read, default 12000
  --send-timeout <ms>           wait for a reply, default 40000

  --help, --version

Health: GET /health. SIGTERM or SIGINT: stop accepting, finish the requests in flight, exit.
See docs/gateway.md.`;

/** Runs the CLI with `args` and `env`; resolves when the server is listening. */
export async function main(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      upstream: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      port: { type: 'string' },
      host: { type: 'string' },
      'base-path': { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      'allow-no-origin': { type: 'boolean' },
      assistant: { type: 'string', multiple: true },
      'conversations-per-hour': { type: 'string' },
      'messages-per-minute': { type: 'string' },
      'messages-per-day': { type: 'string' },
      'site-messages-per-day': { type: 'string' },
      'reads-per-minute': { type: 'string' },
      'identity-secret': { type: 'string' },
      challenge: { type: 'string' },
      'turnstile-verify-url': { type: 'string' },
      'max-body': { type: 'string' },
      timeout: { type: 'string' },
      'send-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  if (values.help || values.version) {
    console.log(values.help ? HELP : VERSION);
    return;
  }
  if (!values.upstream) throw new UsageError('--upstream is required: the platform API root, e.g. https://api.example.com.');
  if (values.challenge !== undefined && values.challenge !== 'turnstile')
    throw new UsageError(`--challenge: the one provider built in is "turnstile" (got "${values.challenge}").`);
  if (values.challenge && !env.TURNSTILE_SECRET) throw new UsageError('--challenge turnstile needs TURNSTILE_SECRET in the environment.');

  const options: GatewayOptions = {
    upstream: values.upstream,
    apiKey: env.ASSISTANT_API_KEY ?? '',
    allowOrigins: values['allow-origin'] ?? [],
    allowNoOrigin: values['allow-no-origin'],
    trustProxy: values['trust-proxy'],
    assistants: values.assistant,
    basePath: values['base-path'],
    identitySecret: values['identity-secret'] ?? env.ASSISTANT_IDENTITY_SECRET,
    limits: {
      conversationsPerHour: number(values['conversations-per-hour'], '--conversations-per-hour'),
      messagesPerMinute: number(values['messages-per-minute'], '--messages-per-minute'),
      messagesPerDay: number(values['messages-per-day'], '--messages-per-day'),
      siteMessagesPerDay: number(values['site-messages-per-day'], '--site-messages-per-day'),
      readsPerMinute: number(values['reads-per-minute'], '--reads-per-minute'),
    },
    maxBodyBytes: number(values['max-body'], '--max-body'),
    timeoutMs: number(values.timeout, '--timeout'),
    sendTimeoutMs: number(values['send-timeout'], '--send-timeout'),
    challenge: values.challenge
      ? createTurnstileCheck({ secret: env.TURNSTILE_SECRET!, ...(values['turnstile-verify-url'] && { verifyUrl: values['turnstile-verify-url'] }) })
      : undefined,
  };
  const port = number(values.port, '--port', 0) ?? 8788;

  // The options are checked before anything connects, so a typo costs no Redis connection.
  createGateway({ ...options, log: false });
  const store: LimitStore = env.REDIS_URL
    ? await createRedisStore({ url: env.REDIS_URL, onError: (error) => logEvent('redis-error', { error: errorText(error) }) })
    : createMemoryStore();
  const server = await startGatewayServer({
    handler: createGateway({ ...options, store, fetch: createNodeFetch() }),
    port,
    host: values.host ?? '127.0.0.1',
    // Node gives up on a request only well after the gateway's own time limits have answered it.
    requestTimeoutMs: Math.max(options.timeoutMs ?? 12000, options.sendTimeoutMs ?? 40000) + 20000,
  });
  logEvent('listening', { url: server.url, store: env.REDIS_URL ? 'redis' : 'memory', version: VERSION });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logEvent('stopping', { signal });
    await server.close((options.sendTimeoutMs ?? 40000) + 5000);
    await store.close?.().catch(() => undefined);
    logEvent('stopped', {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** A mistake in the command line: told in one line, with a pointer to --help. */
class UsageError extends Error {}

function number(value: string | undefined, flag: string, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min) {
    throw new UsageError(`${flag} must be a whole number of ${min} or more (got "${value}").`);
  }
  return parsed;
}

function logEvent(event: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

main(process.argv.slice(2), process.env).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`assistant-chat-gateway: ${message}${error instanceof UsageError || error instanceof TypeError ? '\nSee --help.' : ''}`);
  process.exit(2);
});
