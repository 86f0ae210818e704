import { describe, expect, test } from 'vitest';
import { isCallList, toHistory } from '../../src/api/wire';

const call = { name: 'f', arguments: { a: 1 }, result: { ok: true } };

describe('isCallList', () => {
  test.each<[string, unknown, boolean]>([
    ['an empty list', [], true],
    ['calls of the contract shape', [call, { name: 'g', arguments: {}, result: {} }], true],
    ['not a list', { 0: call }, false],
    ['a call without a name', [{ arguments: {}, result: {} }], false],
    ['a name that is not text', [{ name: 1, arguments: {}, result: {} }], false],
    ['arguments that are a list', [{ name: 'f', arguments: [], result: {} }], false],
    ['a result that is null', [{ name: 'f', arguments: {}, result: null }], false],
    ['null among the calls', [call, null], false],
  ])('%s: %s', (_name, value, expected) => {
    expect(isCallList(value)).toBe(expected);
  });
});

describe('toHistory', () => {
  test('gives back the very list when it has the contract shape', () => {
    const history = [
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'book' },
      { role: 'assistant', content: 'Done', function_calls: [call] },
    ];
    expect(toHistory(history)).toBe(history);
  });

  test('drops function_calls of null, copying only what it changes', () => {
    const first = { role: 'user', content: 'a' };
    const history = [first, { role: 'assistant', content: 'b', function_calls: null }, { role: 'assistant', content: 'c', function_calls: null }];
    const result = toHistory(history)!;
    expect(result).toEqual([first, { role: 'assistant', content: 'b' }, { role: 'assistant', content: 'c' }]);
    expect(result[0]).toBe(first);
    expect(history[1]).toHaveProperty('function_calls', null);
  });

  test.each<[string, unknown]>([
    ['not a list', { 0: { role: 'user', content: 'x' } }],
    ['null', null],
    ['a message that is null', [null]],
    ['a message that is a list', [['user', 'x']]],
    ['an unknown role', [{ role: 'system', content: 'x' }]],
    ['text that is not a string', [{ role: 'user', content: 3 }]],
    ['calls that are not a list', [{ role: 'assistant', content: 'x', function_calls: 'none' }]],
    [
      'a bad call after a null one',
      [
        { role: 'assistant', content: 'x', function_calls: null },
        { role: 'assistant', content: 'y', function_calls: [{}] },
      ],
    ],
  ])('refuses %s', (_name, value) => {
    expect(toHistory(value)).toBeUndefined();
  });
});
