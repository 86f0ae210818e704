// @vitest-environment node
/**
 * Limits shared through Redis: a real redis-server (Debian's, on 127.0.0.1, no persistence) and two
 * gateway processes behind an imagined load balancer, whose combined traffic stays within one limit,
 * racing included; and a gateway that refuses rather than lets requests through uncounted when Redis goes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/gateway/redis';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { startCli, type GatewayProcess } from './helpers/cli';
import { startRedis, type RedisServer } from './helpers/redis';

const SITE = 'https://shop.example';
const CREATE = JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' });

let api: StandIn;
let redis: RedisServer;
let gateways: GatewayProcess[] = [];

beforeAll(async () => {
  [api, redis] = await Promise.all([startStandIn(), startRedis()]);
  const args = [
    '--upstream',
    api.url,
    '--allow-origin',
    SITE,
    '--trust-proxy',
    '--conversations-per-hour',
    '6',
    '--messages-per-day',
    '8',
    '--messages-per-minute',
    '1000',
  ];
  // (Windows of an hour and a day: a test of a second or two would seldom straddle the turn of one.)
  gateways = await Promise.all([0, 1].map(() => startCli(args, { ASSISTANT_API_KEY: 'sk-redis-test', REDIS_URL: redis.url })));
}, 30_000);
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  // Whichever started before a failed start is stopped too.
  await Promise.all([(api as StandIn | undefined)?.close(), (redis as RedisServer | undefined)?.stop()]);
});
beforeEach(() => api.reset());

const create = (gateway: GatewayProcess, address: string) =>
  rawRequest(gateway.url + '/conversations', { method: 'POST', body: CREATE, headers: { Origin: SITE, 'X-Forwarded-For': address } });

const send = (gateway: GatewayProcess, id: string, text: string) =>
  rawRequest(`${gateway.url}/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ message: text }), headers: { Origin: SITE } });

describe('two gateway processes sharing Redis', () => {
  it('both say they count in Redis', () => {
    expect(gateways.map((gateway) => gateway.lines[0])).toEqual([
      expect.objectContaining({ event: 'listening', store: 'redis' }),
      expect.objectContaining({ store: 'redis' }),
    ]);
  });

  it('take turns within one limit: six conversations an hour for one address, whichever instance each request reaches', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await create(gateways[i % 2]!, '198.51.100.50')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect((await api.requests()).filter((r) => r.path === '/conversations')).toHaveLength(6);
    // Another address has its own count on both.
    expect((await create(gateways[1]!, '198.51.100.51')).status).toBe(200);
  });

  it('hold the limit when 40 messages race to one conversation through both: 8 a day pass', async () => {
    const created = await create(gateways[0]!, '198.51.100.60');
    const id = (JSON.parse(created.text) as { conversation_id: string }).conversation_id;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(gateways[i % 2]!, id, `race ${i}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(8);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(32);
    expect((await api.requests()).filter((r) => r.path.endsWith('/messages'))).toHaveLength(8);
  });
});

describe('the Redis store', () => {
  it('counts all of a request’s counters or none', async () => {
    const store = await createRedisStore({ url: redis.url });
    try {
      const key = `test:${Date.now()}:`;
      const counters = [
        { key: key + 'a', limit: 5, ttlSeconds: 60 },
        { key: key + 'b', limit: 1, ttlSeconds: 60 },
      ];
      expect(await store.hit(counters, Date.now())).toBe(-1);
      // b is full: the answer names it, and a is not counted.
      expect(await store.hit(counters, Date.now())).toBe(1);
      expect(await store.hit([counters[0]!], Date.now())).toBe(-1);
      expect(await store.hit([{ ...counters[0]!, limit: 2 }], Date.now())).toBe(0);
    } finally {
      await store.close?.();
    }
  });

  it('says clearly when Redis cannot be reached', async () => {
    await expect(createRedisStore({ url: 'redis://127.0.0.1:1' })).rejects.toThrow(/Could not connect to Redis at redis:\/\/127.0.0.1:1/);
  });
});

describe('Redis going away', () => {
  it('makes the gateway refuse with 503 and its health say so, rather than let requests through uncounted', async () => {
    const own = await startRedis();
    const gateway = await startCli(['--upstream', api.url, '--allow-origin', SITE], { ASSISTANT_API_KEY: 'sk-redis-test', REDIS_URL: own.url });
    try {
      expect((await create(gateway, '')).status).toBe(200);
      await own.stop();
      const refused = await create(gateway, '');
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.text)).toMatchObject({ status: false });
      expect((await rawRequest(gateway.url + '/health')).status).toBe(503);
      expect((await api.requests()).filter((r) => r.path === '/conversations')).toHaveLength(1);
    } finally {
      await gateway.stop();
      await own.stop();
    }
  });
});
