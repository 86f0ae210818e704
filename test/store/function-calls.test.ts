import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/api/types';
import { functionCallSucceeded, messageText, toParts } from '../../src/model';

/** What tools really return, and whether the widget shows the call as worked or failed. */
const RESULTS: Array<[JsonObject, 'success' | 'error']> = [
  // Nothing said about failure: it worked.
  [{}, 'success'],
  [{ slots: ['09:00'] }, 'success'],
  [{ found: false }, 'success'],
  [{ status: 'ok' }, 'success'],
  [{ status: 'success' }, 'success'],
  [{ status: 'pending' }, 'success'],
  [{ status: 200 }, 'success'],
  [{ status: 399 }, 'success'],
  [{ status: true }, 'success'],
  [{ statusCode: 201 }, 'success'],
  [{ statusCode: '200' }, 'success'],
  [{ status: 'no_error' }, 'success'],
  [{ status: 'error_free' }, 'success'],
  [{ status: '4xx' }, 'success'],
  // A status that is text but not plain digits is no HTTP status.
  [{ statusCode: '4e2' }, 'success'],
  [{ status_code: '+500' }, 'success'],
  [{ status: '500.5' }, 'success'],
  [{ statusCode: 'HTTP 500' }, 'success'],
  [{ status: [500] }, 'success'],
  [{ error: null }, 'success'],
  [{ error: false }, 'success'],
  [{ error: '' }, 'success'],
  [{ error: 0 }, 'success'],
  [{ error: {} }, 'success'],
  [{ errors: [] }, 'success'],
  [{ errors: {} }, 'success'],
  [{ errors: null }, 'success'],
  [{ errors: 0 }, 'success'],
  // An explicit flag decides.
  [{ ok: true }, 'success'],
  [{ success: true }, 'success'],
  [{ ok: true, error: 'a warning' }, 'success'],
  [{ success: true, status: 'error' }, 'success'],
  [{ ok: false }, 'error'],
  [{ success: false }, 'error'],
  [{ success: false, error: null }, 'error'],
  [{ ok: false, status: 'ok' }, 'error'],
  [{ success: 'false', error: 'no slot' }, 'error'],
  // Failure words, flags and HTTP-like codes.
  [{ status: 'error' }, 'error'],
  [{ status: 'ERROR' }, 'error'],
  [{ status: ' failed ' }, 'error'],
  [{ status: 'failure' }, 'error'],
  [{ status: 'fail' }, 'error'],
  [{ status: 'errored' }, 'error'],
  [{ status: false }, 'error'],
  [{ status: 400 }, 'error'],
  [{ status: 500 }, 'error'],
  [{ statusCode: 404 }, 'error'],
  [{ status_code: 503 }, 'error'],
  [{ status: '500' }, 'error'],
  [{ statusCode: ' 404 ' }, 'error'],
  // Something in `error` or `errors`.
  [{ error: 'Slot taken' }, 'error'],
  [{ error: { code: 'taken' } }, 'error'],
  [{ error: true }, 'error'],
  [{ error: 7 }, 'error'],
  [{ errors: ['Slot taken'] }, 'error'],
  [{ errors: { date: ['in the past'] } }, 'error'],
  [{ errors: 'bad input' }, 'error'],
];

describe('whether a function call worked', () => {
  test.each(RESULTS)('%j is shown as %s', (result, state) => {
    expect(functionCallSucceeded(result) ? 'success' : 'error').toBe(state);
  });
});

describe('the parts of a wire message', () => {
  test('are its function calls with their state, then its text', () => {
    const parts = toParts({
      content: 'Booked.',
      function_calls: [
        { name: 'check', arguments: { day: 'Mon' }, result: { slots: ['9:00'] } },
        { name: 'book', arguments: {}, result: { status: 'failed' } },
      ],
    });
    expect(parts).toEqual([
      { type: 'function_call', name: 'check', arguments: { day: 'Mon' }, result: { slots: ['9:00'] }, state: 'success' },
      { type: 'function_call', name: 'book', arguments: {}, result: { status: 'failed' }, state: 'error' },
      { type: 'text', text: 'Booked.' },
    ]);
  });

  test('leave out fields a function call has beyond the contract', () => {
    const call = { name: 'f', arguments: {}, result: {}, state: 'success', injected: '<b>x</b>' };
    expect(toParts({ content: '', function_calls: [call] })).toEqual([
      { type: 'function_call', name: 'f', arguments: {}, result: {}, state: 'success' },
    ]);
  });

  test('of a message without text or calls are none', () => {
    expect(toParts({ content: '' })).toEqual([]);
  });

  test('give the message text, its text parts joined', () => {
    expect(
      messageText({
        parts: [
          { type: 'text', text: 'a' },
          { type: 'function_call', name: 'f', arguments: {}, result: {}, state: 'success' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('a\nb');
  });
});
