// A bounded load run of the gateway, by hand (not part of npm test): the stand-in API and the built
// gateway (dist/gateway/cli.js; run `npm run build` first) each in a process of its own on 127.0.0.1,
// and this script sending the widget's requests to each, direct and through the gateway, in turn.
//
//   node test/gateway/load.mjs [--seconds 5] [--connections 16]
//
// Reads (GET /conversations/{id}, the most frequent request of the widget) one at a time, for the latency
// the gateway adds (median and p99), then many at once, for the requests per second it forwards; then the
// same for sends (POST …/messages, which the stand-in stores on disk). Prints a Markdown table.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '16' } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ORIGIN = 'https://shop.example';
const ASSISTANT = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';

/**
 * Starts `args` with node, its output to a file (a pipe this busy script drains late would hold up the
 * gateway's log writes, and be what is measured), and resolves with its URL once the file names one.
 */
async function start(args, env = {}) {
  const log = join(dataDir, `${args[0].replace(/\W/g, '-')}.log`);
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(readFileSync(log, 'utf8'))?.[0];
    if (url) return { url, child };
    if (exited) throw new Error(`${args.join(' ')} exited before it listened`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One request on `agent`; resolves with its status and latency in ms. */
function once(agent, url, method, body) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = {
      Origin: ORIGIN,
      Accept: 'application/json',
      ...(body && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
    };
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** `connections` loops sending `make()` requests for `seconds`; latencies of the 200s, and the count of others. */
async function run(base, make, connections, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { path, method, body } = make();
        const { status, ms } = await once(agent, base + path, method, body);
        if (status === 200) latencies.push(ms);
        else failed++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ok: latencies.length, failed };
}

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-load-'));
const standIn = await start(['demo/server/start.mjs', '--port', '0', '--data', dataDir, '--delay', '0', '--no-rate-limit']);
// Limits far above the run's traffic: this measures forwarding, not refusing.
const big = '100000000';
const gateway = await start(
  [
    'dist/gateway/cli.js',
    '--port',
    '0',
    '--upstream',
    standIn.url,
    '--allow-origin',
    ORIGIN,
    '--conversations-per-hour',
    big,
    '--messages-per-minute',
    big,
    '--messages-per-day',
    big,
    '--site-messages-per-day',
    big,
    '--reads-per-minute',
    big,
  ],
  { ASSISTANT_API_KEY: 'sk-load-test' },
);

try {
  const create = async (base) => {
    const agent = new Agent();
    const body = JSON.stringify({ assistant_id: ASSISTANT, type: 'test' });
    const answer = await new Promise((resolve, reject) => {
      const req = request(
        base + '/conversations',
        { method: 'POST', agent, headers: { Origin: ORIGIN, 'Content-Type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    agent.destroy();
    return answer.conversation_id;
  };
  const id = await create(standIn.url);
  let n = 0;
  const read = () => ({ path: `/conversations/${id}`, method: 'GET' });
  const send = () => ({ path: `/conversations/${id}/messages`, method: 'POST', body: JSON.stringify({ message: `hello ${n++}` }) });

  const rows = [];
  for (const [name, make] of [
    ['read', read],
    ['send', send],
  ]) {
    for (const connections of [1, CONNECTIONS]) {
      // A short warm-up of each, then the measured runs, direct first.
      await run(standIn.url, make, connections, 0.5);
      await run(gateway.url, make, connections, 0.5);
      const direct = await run(standIn.url, make, connections, SECONDS);
      const through = await run(gateway.url, make, connections, SECONDS);
      rows.push({ name, connections, direct, through });
    }
  }
  const f = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the end; ${SECONDS} s a run\n`,
  );
  console.log(
    '| Request | Connections | Direct: req/s | Gateway: req/s | Direct p50 / p99 (ms) | Gateway p50 / p99 (ms) | Added p50 / p99 (ms) | Non-200 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, connections, direct, through } of rows) {
    console.log(
      `| ${name} | ${connections} | ${direct.rps.toFixed(0)} | ${through.rps.toFixed(0)} | ${f(direct.p50)} / ${f(direct.p99)} | ${f(through.p50)} / ${f(through.p99)} | ${f(through.p50 - direct.p50)} / ${f(through.p99 - direct.p99)} | ${direct.failed + through.failed} |`,
    );
  }
} finally {
  gateway.child.kill('SIGTERM');
  standIn.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
