/**
 * A gateway for a test, from the sources, on its own HTTP server on 127.0.0.1 (an ephemeral port), with
 * every log line it writes kept for the test to read.
 */
import { createGateway } from '../../../src/gateway/handler';
import type { LogEntry } from '../../../src/gateway/log';
import { createNodeFetch, startGatewayServer } from '../../../src/gateway/node';
import type { GatewayOptions } from '../../../src/gateway/options';

/** The API key the test gateways add upstream: a test looks for it in everything a browser could see. */
export const TEST_KEY = 'sk-test-7d1f0c2e9b8a4f63a5e1';

/** A running test gateway. */
export interface TestGateway {
  /** Its root, e.g. `http://127.0.0.1:41234` (give it to the widget as `data-api-base`). */
  url: string;
  /** The log lines written so far. */
  logs: LogEntry[];
  close(): Promise<void>;
}

/**
 * Starts a gateway in front of `upstream`; options override the test defaults (the key above, `log` kept,
 * the Node transport the CLI uses: `fetch: globalThis.fetch` for the runtime's own, as on Workers).
 */
export async function startTestGateway(upstream: string, options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const logs: LogEntry[] = [];
  const handler = createGateway({
    apiKey: TEST_KEY,
    allowOrigins: [],
    allowNoOrigin: true,
    log: (entry) => logs.push(entry),
    fetch: createNodeFetch(),
    ...options,
    upstream,
  });
  const server = await startGatewayServer({ handler, port: 0, host: '127.0.0.1' });
  return { url: server.url, logs, close: () => server.close(1000) };
}
