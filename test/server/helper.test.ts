/**
 * The stand-in helper also works in the unit project's default environment (happy-dom),
 * so store or UI tests can talk to a real API.
 */
import { describe, expect, it } from 'vitest';
import { ASSISTANTS, rawRequest, startStandIn } from '../helpers/stand-in';

describe('startStandIn', () => {
  it('runs the stand-in with its control endpoint under happy-dom', async () => {
    expect(typeof window).toBe('object');
    const api = await startStandIn();
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await api.fault('502');
      const created = await rawRequest(`${api.url}/conversations`, {
        method: 'POST',
        body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test' }),
      });
      expect(created.status).toBe(200);
      const id = JSON.parse(created.text).conversation_id;
      const sent = await rawRequest(`${api.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hi"}' });
      expect(sent.status).toBe(502);
      expect((await api.requests()).map((r) => r.status)).toEqual([200, 502]);
    } finally {
      await api.close();
    }
  });
});
