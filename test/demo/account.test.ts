/**
 * The "Use my assistants" state: one listing at a time, what each outcome shows, and the messages an
 * owner reads.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAccount, LIST_TIMEOUT_MS, problemMessage, type AccountState } from '../../demo/playground/account';
import type { AccountFetch } from '../../demo/playground/account-api';
import { fakeAccountApi } from './fakes';

const KEY = 'owner-key-123';
const ASSISTANT = { uuid: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10', name: 'Northwind Dental', widget_settings: { theme: 'light' } };

/** A fetch that never answers until its signal aborts. */
const hanging: AccountFetch = (_url, init) =>
  new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

function account(fetch: AccountFetch) {
  return createAccount({ fetch, setTimer: (callback, ms) => setTimeout(callback, ms), clearTimer: (handle) => clearTimeout(handle as number) });
}

describe('the account list', () => {
  it('goes from idle through loading to the list', async () => {
    const list = account(fakeAccountApi(KEY, [ASSISTANT]).fetch);
    expect(list.state.value).toEqual({ status: 'idle' });
    const listing = list.list('/api', `  ${KEY}\n`);
    expect(list.state.value).toEqual({ status: 'loading', apiBase: '/api' });
    await listing;
    expect(list.state.value).toEqual({
      status: 'ready',
      apiBase: '/api',
      assistants: [{ id: ASSISTANT.uuid, name: 'Northwind Dental', active: true, look: { theme: 'light' } }],
    });
  });

  it('lets only the latest listing count', async () => {
    const api = fakeAccountApi(KEY, [ASSISTANT]);
    let first = true;
    const list = account((url, init) => {
      if (first) {
        first = false;
        return hanging(url, init);
      }
      return api.fetch(url, init);
    });
    const stale = list.list('/api', 'old-key');
    await list.list('/api', KEY);
    await stale;
    expect(list.state.value.status).toBe('ready');
  });

  it('forgets the list, and cancels a listing under way', async () => {
    const list = account(hanging);
    const listing = list.list('/api', KEY);
    list.forget();
    await listing;
    expect(list.state.value).toEqual({ status: 'idle' });
  });

  it('counts a listing that takes too long as a network problem', async () => {
    vi.useFakeTimers();
    try {
      const list = account(hanging);
      const listing = list.list('https://api.example.com', KEY);
      await vi.advanceTimersByTimeAsync(LIST_TIMEOUT_MS);
      await listing;
      expect(list.state.value).toEqual({ status: 'failed', apiBase: 'https://api.example.com', problem: 'network' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the messages an owner reads', () => {
  const failed = (problem: Extract<AccountState, { status: 'failed' }>['problem'], extra = {}) =>
    problemMessage({ status: 'failed', apiBase: 'https://api.example.com', problem, ...extra });

  it('says plainly that a key was not accepted', () => {
    expect(failed('unauthorized')).toMatch(/^That API key was not accepted\./);
  });

  it('names the API base when it cannot be reached or is not the API', () => {
    expect(failed('network')).toBe('Could not reach https://api.example.com. Check the API base and your connection, then try again.');
    expect(failed('not-api', { httpStatus: 404 })).toBe(
      'https://api.example.com did not answer like the platform’s API (HTTP 404). Check the API base.',
    );
  });

  it('passes on the API’s own reason', () => {
    expect(failed('refused', { httpStatus: 429, message: 'Rate limit exceeded' })).toBe(
      'The API refused the request (HTTP 429): Rate limit exceeded',
    );
  });
});
