import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { haltedState, isBlocked, isBlockedForGood } from '../../src/store/state';
import type { StoreState } from '../../src/store/types';

const error = { kind: 'server' as const, detail: 'HTTP 502', retryable: true };

describe('where an opening error leads', () => {
  test.each<[ApiError, StoreState]>([
    [
      new ApiError('not_found', 'Assistant not found'),
      { type: 'blocked', reason: 'unknown-assistant', error: { kind: 'not_found', detail: 'Assistant not found', retryable: false } },
    ],
    [
      new ApiError('insufficient_balance', 'Insufficient balance'),
      { type: 'blocked', reason: 'no-balance', error: { kind: 'insufficient_balance', detail: 'Insufficient balance', retryable: true } },
    ],
    [
      new ApiError('validation', 'Invalid'),
      { type: 'blocked', reason: 'misconfigured', error: { kind: 'validation', detail: 'Invalid', retryable: false } },
    ],
    [
      new ApiError('not_api', 'Not the API'),
      { type: 'blocked', reason: 'misconfigured', error: { kind: 'not_api', detail: 'Not the API', retryable: true } },
    ],
    [new ApiError('server', 'HTTP 502'), { type: 'failed', error: { kind: 'server', detail: 'HTTP 502', retryable: true } }],
    [new ApiError('rejected', 'Forbidden'), { type: 'failed', error: { kind: 'rejected', detail: 'Forbidden', retryable: true } }],
  ])('%s', (apiError, state) => {
    expect(haltedState(apiError)).toEqual(state);
  });

  test('blocked is blocked; only a block Retry cannot lift is for good', () => {
    const forGood: StoreState = { type: 'blocked', reason: 'unknown-assistant', error: { ...error, retryable: false } };
    const passing: StoreState = { type: 'blocked', reason: 'no-balance', error };
    expect([isBlocked(forGood), isBlocked(passing), isBlocked({ type: 'failed', error })]).toEqual([true, true, false]);
    expect([
      isBlockedForGood(forGood),
      isBlockedForGood(passing),
      isBlockedForGood({ type: 'failed', error: { ...error, retryable: false } }),
    ]).toEqual([true, false, false]);
  });
});
