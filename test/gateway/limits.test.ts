// @vitest-environment node
/**
 * The limits that keep a bill sane, over real HTTP in front of the stand-in: each one's 429 with
 * `retry_after` and `Retry-After` (counted by hand from the gateway's clock), the window that opens again,
 * nothing refused reaching the platform, and the limits holding when requests race.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import type { Limits } from '../../src/gateway/limits';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { startTestGateway, type TestGateway } from './helpers/gateway';

const SITE = 'https://shop.example';
const CREATE = JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' });

let api: StandIn;
beforeAll(async () => {
  api = await startStandIn();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** 10:59:30 UTC: 30 s to the next minute and the next hour, 13 h 0 min 30 s to the next UTC day. */
const START = Date.UTC(2026, 2, 2, 10, 59, 30);

/** A gateway with `limits` (the others far away), a clock the test moves, behind one trusted proxy. */
async function withLimits(limits: Partial<Limits>, run: (gateway: TestGateway, clock: { now: number }) => Promise<void>) {
  const clock = { now: START };
  const far = { conversationsPerHour: 1000, messagesPerMinute: 1000, messagesPerDay: 1000, siteMessagesPerDay: 1000, readsPerMinute: 1000 };
  const gateway = await startTestGateway(api.url, { allowOrigins: [SITE], trustProxy: true, limits: { ...far, ...limits }, now: () => clock.now });
  try {
    await run(gateway, clock);
  } finally {
    await gateway.close();
  }
}

const from = (address: string) => ({ Origin: SITE, 'X-Forwarded-For': `10.0.0.1, ${address}` });

async function create(gateway: TestGateway, address = '198.51.100.7') {
  return rawRequest(gateway.url + '/conversations', { method: 'POST', body: CREATE, headers: from(address) });
}

async function conversation(gateway: TestGateway, address = '198.51.100.7'): Promise<string> {
  const answer = await create(gateway, address);
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { conversation_id: string }).conversation_id;
}

const send = (gateway: TestGateway, id: string, text = 'hello') =>
  rawRequest(`${gateway.url}/conversations/${id}/messages`, {
    method: 'POST',
    body: JSON.stringify({ message: text }),
    headers: from('198.51.100.7'),
  });

/** The 429 of a limit, as the widget reads it: the platform's body and header. */
function expectLimited(answer: { status: number; text: string; headers: Record<string, unknown> }, seconds: number) {
  expect(answer.status, answer.text).toBe(429);
  expect(JSON.parse(answer.text)).toEqual({ error: 'Rate limit exceeded', retry_after: seconds });
  expect(answer.headers['retry-after']).toBe(String(seconds));
  expect(answer.headers['access-control-allow-origin']).toBe(SITE);
}

describe('each limit', () => {
  it('new conversations per client address per hour: the third is refused until the hour turns; another address is not', async () => {
    await withLimits({ conversationsPerHour: 2 }, async (gateway, clock) => {
      await conversation(gateway);
      await conversation(gateway);
      expectLimited(await create(gateway), 30);
      // The first entries of X-Forwarded-For are the client's own words: only the proxy's last one counts.
      expectLimited(
        await rawRequest(gateway.url + '/conversations', {
          method: 'POST',
          body: CREATE,
          headers: { Origin: SITE, 'X-Forwarded-For': '203.0.113.1, 198.51.100.7' },
        }),
        30,
      );
      expect((await create(gateway, '198.51.100.8')).status).toBe(200);
      clock.now = Date.UTC(2026, 2, 2, 11, 0, 0);
      expect((await create(gateway)).status).toBe(200);
      expect((await api.requests()).filter((r) => r.path === '/conversations')).toHaveLength(4);
      expect(gateway.logs.filter((line) => line.limit === 'conversations-per-hour')).toHaveLength(2);
    });
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    await withLimits({ conversationsPerHour: 1 }, async (gateway) => {
      await conversation(gateway, '2001:db8:1:2::a');
      expectLimited(await create(gateway, '2001:db8:1:2:ffff:0:0:b'), 30);
      expect((await create(gateway, '2001:db8:1:3::a')).status).toBe(200);
    });
  });

  it('messages per conversation per minute: the third waits for the next minute; another conversation is not held up', async () => {
    await withLimits({ messagesPerMinute: 2 }, async (gateway, clock) => {
      const id = await conversation(gateway);
      const other = await conversation(gateway);
      expect((await send(gateway, id)).status).toBe(200);
      expect((await send(gateway, id)).status).toBe(200);
      expectLimited(await send(gateway, id), 30);
      expect((await send(gateway, other)).status).toBe(200);
      clock.now += 30_000;
      expect((await send(gateway, id)).status).toBe(200);
      expect((await api.requests()).filter((r) => r.path.endsWith('/messages'))).toHaveLength(4);
    });
  });

  it('messages per conversation per day: refused until midnight UTC', async () => {
    await withLimits({ messagesPerDay: 3 }, async (gateway, clock) => {
      const id = await conversation(gateway);
      for (let i = 0; i < 3; i++) expect((await send(gateway, id)).status).toBe(200);
      expectLimited(await send(gateway, id), 13 * 3600 + 30);
      clock.now = Date.UTC(2026, 2, 3, 0, 0, 1);
      expect((await send(gateway, id)).status).toBe(200);
    });
  });

  it('the whole site’s messages per day, the ceiling on the bill: every conversation is refused once it is reached', async () => {
    await withLimits({ siteMessagesPerDay: 3 }, async (gateway) => {
      const first = await conversation(gateway);
      const second = await conversation(gateway, '198.51.100.9');
      expect((await send(gateway, first)).status).toBe(200);
      expect((await send(gateway, first)).status).toBe(200);
      expect((await send(gateway, second)).status).toBe(200);
      expectLimited(await send(gateway, second), 13 * 3600 + 30);
      expectLimited(await send(gateway, await conversation(gateway, '198.51.100.10')), 13 * 3600 + 30);
      expect(gateway.logs.filter((line) => line.limit === 'site-messages-per-day')).toHaveLength(2);
      expect((await api.requests()).filter((r) => r.path.endsWith('/messages'))).toHaveLength(3);
    });
  });

  it('reads per client address per minute', async () => {
    await withLimits({ readsPerMinute: 2 }, async (gateway) => {
      const id = await conversation(gateway);
      const read = () => rawRequest(`${gateway.url}/conversations/${id}`, { headers: from('198.51.100.7') });
      expect((await read()).status).toBe(200);
      expect((await read()).status).toBe(200);
      expectLimited(await read(), 30);
    });
  });

  it('a refused message is not counted against the conversation: the limit counts what went through', async () => {
    await withLimits({ messagesPerMinute: 2, siteMessagesPerDay: 3 }, async (gateway) => {
      const id = await conversation(gateway);
      await send(gateway, id);
      await send(gateway, id);
      expectLimited(await send(gateway, id), 30);
      // The third, refused by the minute, did not use up the site's third message.
      const other = await conversation(gateway);
      expect((await send(gateway, other)).status).toBe(200);
    });
  });

  it('reads, for the widget’s client, as rate limited with the wait the gateway named', async () => {
    await withLimits({ messagesPerMinute: 1 }, async (gateway) => {
      const client = createApiClient({
        baseUrl: gateway.url,
        fetch: (url, init) => fetch(url, { ...init, headers: { ...(init.headers as object), Origin: SITE } }),
      });
      const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
      await client.sendMessage(conversationId, 'one');
      const error = await client.sendMessage(conversationId, 'two').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 });
    });
  });
});

describe('racing requests', () => {
  it('hold the limits: of 40 messages sent at once to one conversation, 10 pass and the platform gets 10', async () => {
    await withLimits({ messagesPerMinute: 10 }, async (gateway) => {
      const id = await conversation(gateway);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(gateway, id, `message ${i}`)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
      expect((await api.requests()).filter((r) => r.path.endsWith('/messages'))).toHaveLength(10);
    });
  });

  it('of 30 conversations started at once from one address, 5 are created', async () => {
    await withLimits({ conversationsPerHour: 5 }, async (gateway) => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => create(gateway)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      expect((await api.requests()).filter((r) => r.path === '/conversations')).toHaveLength(5);
    });
  });
});
