// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { createStorage } from '../../src/store/storage';
import { createFakeStorage, type FakeStorage } from '../helpers/fake-deps';

const asWebStorage = (fake: FakeStorage) => fake as unknown as Storage;

describe('createStorage', () => {
  afterEach(() => localStorage.clear());

  test('local uses the browser localStorage', () => {
    const storage = createStorage('local');
    storage.setItem('acw-test', 'kept');
    expect(localStorage.getItem('acw-test')).toBe('kept');
    expect(storage.getItem('acw-test')).toBe('kept');
    storage.removeItem('acw-test');
    expect(localStorage.getItem('acw-test')).toBeNull();
  });

  test('session uses the session storage it is given', () => {
    const web = createFakeStorage();
    const asked: string[] = [];
    const storage = createStorage('session', (choice) => {
      asked.push(choice);
      return asWebStorage(web);
    });
    storage.setItem('k', 'v');
    expect(asked).toEqual(['session']);
    expect(web.data.get('k')).toBe('v');
  });

  test('memory keeps values for the page only and never looks for web storage', () => {
    const asked: string[] = [];
    const storage = createStorage('memory', (choice) => {
      asked.push(choice);
      return asWebStorage(createFakeStorage());
    });
    expect(asked).toEqual([]);
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  test('storage out of reach (sandboxed frame): works in memory, never throws', () => {
    const storage = createStorage('local', () => {
      throw new DOMException('denied', 'SecurityError');
    });
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  test('storage that throws on every access: works in memory, never throws', () => {
    const web = createFakeStorage();
    web.mode = 'throws';
    const storage = createStorage('local', () => asWebStorage(web));
    expect(() => storage.setItem('k', 'v')).not.toThrow();
    expect(storage.getItem('k')).toBe('v');
  });

  test('storage that starts throwing later: the values written so far stay readable', () => {
    const web = createFakeStorage();
    const storage = createStorage('local', () => asWebStorage(web));
    storage.setItem('k', 'v');
    web.mode = 'throws';
    expect(storage.getItem('k')).toBe('v');
    expect(() => storage.removeItem('k')).not.toThrow();
    expect(storage.getItem('k')).toBeNull();
  });

  test('a full storage: the new value lives in memory and the outdated one is not left behind', () => {
    const web = createFakeStorage();
    const storage = createStorage('local', () => asWebStorage(web));
    storage.setItem('k', 'old');
    web.mode = 'full';
    storage.setItem('k', 'new');
    expect(storage.getItem('k')).toBe('new');
    expect(web.data.has('k')).toBe(false);
  });

  test('a key whose write failed stays in memory for the page, even once the storage has room again', () => {
    const web = createFakeStorage();
    const storage = createStorage('local', () => asWebStorage(web));
    web.mode = 'full';
    storage.setItem('k', 'first');
    web.mode = 'ok';
    storage.setItem('k', 'second');
    storage.setItem('other', 'v');
    expect(storage.getItem('k')).toBe('second');
    expect(web.data.has('k')).toBe(false);
    expect(web.data.get('other')).toBe('v');
  });

  test('a storage wiped by someone else reads as empty', () => {
    const web = createFakeStorage();
    const storage = createStorage('local', () => asWebStorage(web));
    storage.setItem('k', 'v');
    web.wipe();
    expect(storage.getItem('k')).toBeNull();
  });
});
