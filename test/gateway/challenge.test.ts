// @vitest-environment node
/**
 * The bot check before a conversation is created, with Cloudflare Turnstile's verification against a
 * local fake of its siteverify endpoint (127.0.0.1), and the widget's client fetching a token from the
 * function the site registered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { createTurnstileCheck } from '../../src/gateway/challenge';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { startTestGateway, type TestGateway } from './helpers/gateway';

const SITE = 'https://shop.example';
const SECRET = 'turnstile-secret-0x4AAA';
const GOOD = 'token-solved-by-a-person';
const CREATE = JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' });

/** A fake siteverify: records each form it gets; GOOD passes, any other token fails; `down` answers 500. */
let verifier: Server;
let verifyUrl: string;
let verified: URLSearchParams[] = [];
let down = false;

let api: StandIn;
let gateway: TestGateway;

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      verified.push(form);
      if (down) return void res.writeHead(500).end('<html>oops</html>');
      const success = form.get('secret') === SECRET && form.get('response') === GOOD;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          success ? { success: true, hostname: 'shop.example', 'error-codes': [] } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  api = await startStandIn();
  gateway = await startTestGateway(api.url, {
    allowOrigins: [SITE],
    trustProxy: true,
    challenge: createTurnstileCheck({ secret: SECRET, verifyUrl }),
  });
});
afterAll(async () => {
  await gateway.close();
  await api.close();
  await new Promise((resolve) => verifier.close(resolve));
});
beforeEach(async () => {
  await api.reset();
  verified = [];
  down = false;
});

const create = (headers: Record<string, string> = {}) =>
  rawRequest(gateway.url + '/conversations', {
    method: 'POST',
    body: CREATE,
    headers: { Origin: SITE, 'X-Forwarded-For': '198.51.100.23', ...headers },
  });

describe('Turnstile before a create', () => {
  it('a good token: siteverify is asked with the secret, the token and the client’s address, and the conversation is created', async () => {
    const answer = await create({ 'X-Assistant-Challenge': GOOD });
    expect(answer.status).toBe(200);
    expect(verified.map((form) => Object.fromEntries(form))).toEqual([{ secret: SECRET, response: GOOD, remoteip: '198.51.100.23' }]);
    const [received] = await api.requests();
    // The token is the gateway's business: the platform gets neither it nor the header.
    expect(JSON.stringify(received?.headers)).not.toContain(GOOD);
  });

  it('no token or a bad one: 403, nothing created', async () => {
    for (const headers of [{}, { 'X-Assistant-Challenge': 'forged' }] as Record<string, string>[]) {
      const answer = await create(headers);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toEqual({ status: false, error: 'The bot check failed.' });
    }
    expect(await api.requests()).toEqual([]);
    expect(gateway.logs.slice(-2).map((line) => line.refused)).toEqual(['challenge', 'challenge']);
  });

  it('siteverify failing: 503, which the widget retries, and nothing created', async () => {
    down = true;
    const answer = await create({ 'X-Assistant-Challenge': GOOD });
    expect(answer.status).toBe(503);
    expect(await api.requests()).toEqual([]);
  });

  it('is asked only before a create: reads and sends carry no token', async () => {
    const { conversation_id: id } = JSON.parse((await create({ 'X-Assistant-Challenge': GOOD })).text) as { conversation_id: string };
    const headers = { Origin: SITE };
    expect((await rawRequest(`${gateway.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hi"}', headers })).status).toBe(200);
    expect((await rawRequest(`${gateway.url}/conversations/${id}`, { headers })).status).toBe(200);
    expect(verified).toHaveLength(1);
  });
});

describe('the widget’s client with a challenge function', () => {
  const pageFetch = (url: string, init: RequestInit) => fetch(url, { ...init, headers: { ...(init.headers as object), Origin: SITE } });

  it('asks the site’s function for a fresh token for each create and sends it, and not for reads or sends', async () => {
    let asked = 0;
    const client = createApiClient({ baseUrl: gateway.url, fetch: pageFetch, challenge: async () => (asked++, GOOD) });
    const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
    await client.sendMessage(conversationId, 'hello');
    await client.getConversation(conversationId);
    await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
    expect(asked).toBe(2);
    expect(verified.map((form) => form.get('response'))).toEqual([GOOD, GOOD]);
  });

  it('a function that fails, or gives no token, fails the create as refused, before any request', async () => {
    const logged = gateway.logs.length;
    for (const challenge of [async () => Promise.reject(new Error('widget did not load')), async () => '' as string]) {
      const client = createApiClient({ baseUrl: gateway.url, fetch: pageFetch, challenge });
      const error = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ kind: 'rejected', message: expect.stringMatching(/bot check/) });
    }
    expect(verified).toEqual([]);
    expect(gateway.logs.slice(logged)).toEqual([]);
  });
});
