import { describe, expect, test } from 'vitest';
import { ApiError, isOutcomeUnknown, isTransient, sendOutcome, type ApiErrorKind, type ErrorBody } from '../../src/api/errors';

const KINDS: ApiErrorKind[] = [
  'not_found',
  'insufficient_balance',
  'assistant_failed',
  'validation',
  'rejected',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'unexpected',
  'not_api',
];

describe('whether a failed send may have been processed', () => {
  test('only answers that did not come from the API, or came broken, leave it unknown', () => {
    const unknown = KINDS.filter((kind) => isOutcomeUnknown(new ApiError(kind, 'x')));
    expect(unknown).toEqual(['server', 'network', 'timeout', 'unexpected', 'not_api']);
  });
});

describe('whether a read or create is worth trying again', () => {
  test('network failures and timeouts are', () => {
    expect(isTransient(new ApiError('network', 'x'))).toBe(true);
    expect(isTransient(new ApiError('timeout', 'x'))).toBe(true);
  });

  test.each<[ErrorBody | undefined, boolean]>([
    ['empty', true],
    ['json', true],
    [undefined, true],
    ['other', false],
  ])('a server error with a %s body: %s', (body, expected) => {
    expect(isTransient(new ApiError('server', 'x', { status: 502, body }))).toBe(expected);
  });

  test('answers that will be the same next time are not', () => {
    const worth = KINDS.filter((kind) => kind !== 'server' && isTransient(new ApiError(kind, 'x', { body: 'json' })));
    expect(worth).toEqual(['network', 'timeout']);
  });
});

describe('ApiError', () => {
  test('carries its kind, message and details', () => {
    const error = new ApiError('not_api', 'https://x.test/conversations did not answer like the chat API.', {
      status: 404,
      body: 'other',
      url: 'https://x.test/conversations',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ kind: 'not_api', status: 404, body: 'other', url: 'https://x.test/conversations' });
    expect(error.message).toBe('https://x.test/conversations did not answer like the chat API.');
  });
});

describe('what a failed send says about its message', () => {
  test.each<[ApiErrorKind, 'unknown' | 'refused' | 'answered']>([
    ['network', 'unknown'],
    ['timeout', 'unknown'],
    ['server', 'unknown'],
    ['unexpected', 'unknown'],
    ['not_api', 'unknown'],
    ['rate_limited', 'refused'],
    ['not_found', 'refused'],
    ['validation', 'refused'],
    ['insufficient_balance', 'refused'],
    ['assistant_failed', 'answered'],
    ['rejected', 'answered'],
  ])('%s: %s', (kind, outcome) => {
    expect(sendOutcome(new ApiError(kind, 'x'))).toBe(outcome);
  });
});
