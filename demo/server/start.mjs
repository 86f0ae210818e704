#!/usr/bin/env node
// @ts-check
/**
 * `npm run api`: the stand-in API on its own.
 *   node demo/server/start.mjs [--port 8787] [--host 127.0.0.1] [--control] [--delay 700]
 *                              [--slow-tool 8000] [--data DIR] [--no-rate-limit]
 */
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandInApi } from './server.mjs';

const usage = `Usage: node demo/server/start.mjs [options]
  --port N         port to listen on (default 8787; 0 picks a free one)
  --host H         address to bind (default 127.0.0.1)
  --data DIR       data folder (default demo/data)
  --delay MS       "thinking" time before each reply (default 700)
  --slow-tool MS   duration of the "slow" intent's tool (default 8000)
  --control        enable the /__control endpoint (fault injection, request log) for tests
  --no-rate-limit  turn the per-IP rate limit off
  --help           show this help`;

/** @param {string} message */
function fail(message) {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * @param {string | undefined} value
 * @param {string} name
 * @param {number} fallback
 */
function int(value, name, fallback) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number >= 0, not "${value}"`);
  return n;
}

/** @type {ReturnType<typeof parseArgs>['values']} */
let values = {};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      delay: { type: 'string' },
      'slow-tool': { type: 'string' },
      control: { type: 'boolean' },
      'no-rate-limit': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : undefined);
const port = int(str(values.port), 'port', 8787);
if (port > 65535) fail('--port must be at most 65535');
const dataDir = str(values.data) ? resolve(/** @type {string} */ (str(values.data))) : join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
const control = values.control === true;

const api = await startStandInApi({
  port,
  host: str(values.host) ?? '127.0.0.1',
  dataDir,
  control,
  replyDelayMs: int(str(values.delay), 'delay', 700),
  slowToolMs: int(str(values['slow-tool']), 'slow-tool', 8000),
  ...(values['no-rate-limit'] ? { rateLimit: false } : {}),
}).catch((error) => {
  console.error(`Could not start the stand-in API: ${error.message}`);
  process.exit(1);
});

console.log(
  [
    `Stand-in API listening on ${api.url}`,
    `  data: ${dataDir}`,
    `  owners' assistants: ${api.url}/user/assistants/get (Bearer demo keys: see demo/server/README.md)`,
    ...(control ? [`  control endpoint: ${api.url}/__control`] : []),
    '  Ctrl+C to stop',
  ].join('\n'),
);

let stopping = false;
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the stand-in API…`);
  await api.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
