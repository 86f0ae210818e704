// @vitest-environment node
/**
 * The stand-in API at the HTTP level: CORS, body limits, malformed requests, routing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';

let api: StandIn;

beforeAll(async () => {
  api = await startStandIn();
});
afterAll(() => api.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) => rawRequest(api.url + path, { method: 'POST', body, headers });

async function conversation(): Promise<string> {
  const res = await post('/conversations', JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }));
  return JSON.parse(res.text).conversation_id;
}

describe('CORS', () => {
  it('answers a preflight from any origin for GET and POST with Content-Type, without credentials', async () => {
    const res = await rawRequest(`${api.url}/conversations`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toContain('content-type');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).not.toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a page on a public origin reach it when Chromium asks for private network access', async () => {
    const res = await rawRequest(`${api.url}/conversations`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(res.headers['access-control-allow-private-network']).toBe('true');
  });

  it('marks every answer, errors included, as readable from any origin and exposes the rate-limit headers', async () => {
    for (const res of [
      await rawRequest(`${api.url}/conversations/${await conversation()}`, { headers: { Origin: 'https://shop.example' } }),
      await rawRequest(`${api.url}/nowhere`, { headers: { Origin: 'https://shop.example' } }),
      await post('/conversations', '{', { Origin: 'https://shop.example' }),
    ]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/Retry-After/);
    }
  });
});

describe('malformed requests', () => {
  it('answers 400 with a JSON error for malformed JSON', async () => {
    const res = await post('/conversations', '{"assistant_id": ');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ status: false, error: 'Malformed JSON body' });
  });

  it('answers 413 for a body over 64 KB, and keeps serving', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(64 * 1024) });
    const res = await post(`/conversations/${await conversation()}/messages`, big);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ status: false, error: 'Request body too large (limit 64 KB)' });

    const huge = await post('/conversations', 'y'.repeat(3 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await rawRequest(`${api.url}/conversations/${await conversation()}`)).status).toBe(200);
  });

  it('reads a body of exactly 64 KB (and then judges the message itself)', async () => {
    const id = await conversation();
    const body = JSON.stringify({ message: '' }).replace('""', `"${'z'.repeat(64 * 1024 - 14)}"`);
    expect(Buffer.byteLength(body)).toBe(64 * 1024);
    const res = await post(`/conversations/${id}/messages`, body);
    expect(res.status).toBe(422);
  });

  it('answers 415 for a body that is not declared as JSON', async () => {
    const res = await post('/conversations', JSON.stringify({ assistant_id: ASSISTANTS.quiet }), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toEqual({ status: false, error: 'Content-Type must be application/json' });
  });

  it('accepts a JSON content type with a charset', async () => {
    const res = await post('/conversations', JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }), {
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(200);
  });

  it('treats a JSON body that is not an object as missing fields (422)', async () => {
    const res = await post('/conversations', '[1,2]');
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text).errors).toEqual({ assistant_id: ['The assistant id field is required.'] });
  });
});

describe('routing', () => {
  it.each(['/', '/nowhere', '/conversations/', '/conversations//messages', '/api/conversations'])(
    'answers JSON 404 for the unknown route %s',
    async (path) => {
      const res = await rawRequest(api.url + path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ status: false, error: 'Not found' });
    },
  );

  it.each([
    ['GET', '/conversations', 'POST, OPTIONS'],
    ['DELETE', '/conversations/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', 'GET, OPTIONS'],
    ['POST', '/conversations/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', 'GET, OPTIONS'],
    ['GET', '/conversations/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/messages', 'POST, OPTIONS'],
    ['PUT', '/conversations/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/messages', 'POST, OPTIONS'],
  ])('answers 405 to %s %s and says what is allowed', async (method, path, allow) => {
    const res = await rawRequest(api.url + path, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(JSON.parse(res.text)).toEqual({ status: false, error: `Method ${method} not allowed` });
  });

  it.each(['not-a-uuid', '..%2F..%2Fbalances', '%E0%A4%A', '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6dX'])(
    'answers 404 Conversation not found for the id %s',
    async (id) => {
      for (const res of [await rawRequest(`${api.url}/conversations/${id}`), await post(`/conversations/${id}/messages`, '{"message":"hi"}')]) {
        expect(res.status).toBe(404);
        expect(JSON.parse(res.text)).toEqual({ status: false, error: 'Conversation not found' });
      }
    },
  );

  it('ignores a query string', async () => {
    const id = await conversation();
    expect((await rawRequest(`${api.url}/conversations/${id}?x=1`)).status).toBe(200);
  });

  it('answers 404 (not 422) for a bad message to an unknown conversation, as route binding comes first', async () => {
    const res = await post('/conversations/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/messages', '{"message":""}');
    expect(res.status).toBe(404);
  });
});

describe('without control', () => {
  it('has no control endpoint and applies the contract rate limit', async () => {
    const plain = await startStandIn({ control: false });
    try {
      const res = await rawRequest(`${plain.url}/__control`, { method: 'POST', body: JSON.stringify({ fault: '502' }) });
      expect(res.status).toBe(404);
      expect((await rawRequest(`${plain.url}/__control/requests`)).status).toBe(404);
      expect(res.headers['x-ratelimit-limit']).toBe('100');
      expect(res.headers['x-ratelimit-remaining']).toBe('19');
      const next = await rawRequest(`${plain.url}/conversations`, { method: 'POST', body: '{}' });
      // The third request of this client (the 404 for /__control/requests counted too).
      expect(next.headers['x-ratelimit-remaining']).toBe('17');
    } finally {
      await plain.close();
    }
  });
});

describe('closing', () => {
  it('stops promptly while a long tool is still running; the waiting client sees a network error', async () => {
    const slow = await startStandIn({ slowToolMs: 600_000 });
    const id = JSON.parse(
      (await rawRequest(`${slow.url}/conversations`, { method: 'POST', body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }) }))
        .text,
    ).conversation_id;
    const waiting = rawRequest(`${slow.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"slow"}' }).then(
      () => 'answered',
      () => 'cut off',
    );
    await vi.waitFor(async () => expect((await slow.requests()).map((r) => r.path)).toContain(`/conversations/${id}/messages`));
    await slow.close();
    expect(await waiting).toBe('cut off');
  });
});
