import { describe, expect, test } from 'vitest';
import * as client from '../../src/api/client';
import { isObject, parseObject, toJson } from '../../src/api/json';
import { isUuid, trimBase } from '../../src/api/url';

describe('parseObject', () => {
  test.each<[string, unknown]>([
    ['{"a":1}', { a: 1 }],
    ['{}', {}],
    ['[1]', undefined],
    ['null', undefined],
    ['"text"', undefined],
    ['{"a":', undefined],
    ['<html>', undefined],
    ['', undefined],
  ])('%j gives %j', (text, expected) => {
    expect(parseObject(text)).toEqual(expected);
  });
});

describe('isObject', () => {
  test.each<[unknown, boolean]>([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [1, false],
  ])('%j: %s', (value, expected) => {
    expect(isObject(value)).toBe(expected);
  });
});

describe('toJson', () => {
  test('escapes quotes, backslashes, controls, line separators and lone surrogates as \\u escapes', () => {
    expect(toJson('a"b\\c\n\u2028\u2029\ud800😀')).toBe('"a\\u0022b\\u005cc\\u000a\\u2028\\u2029\\ud800😀"');
  });

  test('writes what JSON.stringify writes for plain data', () => {
    const value = { a: [1, -2.5, true, false, null, 'x'], b: { c: {} }, d: [] };
    expect(toJson(value)).toBe(JSON.stringify(value));
  });

  test('writes null for what JSON has no word for', () => {
    expect(toJson([NaN, Infinity, undefined, () => 1, Symbol('s')])).toBe('[null,null,null,null,null]');
    expect(toJson(undefined)).toBe('null');
  });
});

describe('trimBase', () => {
  test.each([
    ['https://x.test/api', 'https://x.test/api'],
    ['https://x.test/api/', 'https://x.test/api'],
    ['https://x.test/api///', 'https://x.test/api'],
    ['/api/', '/api'],
  ])('%s is %s', (base, trimmed) => {
    expect(trimBase(base)).toBe(trimmed);
  });
});

describe('the helpers’ earlier home', () => {
  test('the client module still exports them, the same functions', () => {
    expect(client.isUuid).toBe(isUuid);
    expect(client.trimBase).toBe(trimBase);
    expect(client.toJson).toBe(toJson);
    expect(client.isObject).toBe(isObject);
  });
});
