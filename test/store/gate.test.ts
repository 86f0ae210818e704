// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { createGate, type GateSettings } from '../../src/store/gate';
import { createStorage } from '../../src/store/storage';
import { createFakeStorage } from '../helpers/fake-deps';

const scope = { assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10', apiBase: 'https://chat.example/api/' };
const NOTICE = 'Messages are kept for 30 days.';
const FIELDS: GateSettings['prechat'] = [{ name: 'email', label: 'Email', type: 'email', required: true }];
const both: GateSettings = { consent: 'required', disclaimer: NOTICE, prechat: FIELDS };

describe('the gate before a conversation', () => {
  test('asks for consent first, then the form, and is open once both are settled', () => {
    const gate = createGate(createFakeStorage(), scope);
    expect(gate.step(both)).toBe('consent');
    gate.accept(NOTICE);
    expect(gate.step(both)).toBe('prechat');
    gate.answer({ email: 'ada@example.com' });
    expect(gate.step(both)).toBe('open');
    expect(gate.answers.value).toEqual({ email: 'ada@example.com' });
  });

  test('is open at once when the settings ask for nothing', () => {
    expect(createGate(createFakeStorage(), scope).step({ consent: 'none', disclaimer: NOTICE, prechat: [] })).toBe('open');
  });

  test('remembers both on this device, under keys next to the conversation id', () => {
    const storage = createFakeStorage();
    const first = createGate(storage, scope);
    first.accept(NOTICE);
    first.answer({ email: 'ada@example.com' });

    const later = createGate(storage, scope);
    expect(later.step(both)).toBe('open');
    expect(later.answers.value).toEqual({ email: 'ada@example.com' });
    expect([...storage.data.keys()].sort()).toEqual([
      'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://chat.example/api:consent',
      'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://chat.example/api:prechat',
    ]);
  });

  test('keeps each signed-in visitor apart, under a fingerprint of their id rather than the id', () => {
    const storage = createFakeStorage();
    createGate(storage, { ...scope, visitor: { id: 'ada@example.com' } }).answer({ email: 'ada@example.com' });
    expect(createGate(storage, { ...scope, visitor: { id: 'bob@example.com' } }).answers.value).toBeNull();
    expect(createGate(storage, scope).answers.value).toBeNull();
    expect(createGate(storage, { ...scope, visitor: { id: 'ada@example.com' } }).answers.value).toEqual({ email: 'ada@example.com' });
    const [key] = [...storage.data.keys()];
    expect(key).toMatch(/^assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https:\/\/chat\.example\/api~[0-9a-z]+:prechat$/);
    expect(key).not.toContain('ada');
  });

  test('asks again when the notice changed since it was accepted', () => {
    const storage = createFakeStorage();
    createGate(storage, scope).accept(NOTICE);
    expect(createGate(storage, scope).step({ ...both, disclaimer: 'Messages are kept for a year.' })).toBe('consent');
  });

  test('keeps another assistant apart', () => {
    const storage = createFakeStorage();
    createGate(storage, scope).accept(NOTICE);
    expect(createGate(storage, { ...scope, assistantId: '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01' }).step(both)).toBe('consent');
  });

  test('reads what is not its own, or not of its shape, as nothing settled', () => {
    const storage = createFakeStorage();
    const consent = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://chat.example/api:consent';
    const prechat = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://chat.example/api:prechat';
    for (const [consentValue, answersValue] of [
      ['not json', '{"v":1}'],
      [
        JSON.stringify({ v: 2, ...scope, notice: NOTICE }),
        JSON.stringify({ v: 1, assistantId: scope.assistantId, apiBase: 'https://chat.example/api', answers: { email: 42 } }),
      ],
      [
        JSON.stringify({ v: 1, assistantId: 'other', apiBase: 'https://chat.example/api', notice: NOTICE }),
        JSON.stringify({ v: 1, assistantId: scope.assistantId, apiBase: 'https://chat.example/api', answers: { 'not a name': 'x' } }),
      ],
    ]) {
      storage.data.set(consent, consentValue!);
      storage.data.set(prechat, answersValue!);
      const gate = createGate(storage, scope);
      expect([gate.accepted.value, gate.answers.value]).toEqual([null, null]);
    }
  });

  test('asks for consent without a notice written, and is open once the visitor accepts it', () => {
    const storage = createFakeStorage();
    const settings: GateSettings = { consent: 'required', disclaimer: undefined, prechat: [] };
    const gate = createGate(storage, scope);
    expect(gate.step(settings)).toBe('consent');
    gate.accept('');
    expect(gate.step(settings)).toBe('open');
    expect(createGate(storage, scope).step(settings)).toBe('open');
  });

  test('reads stored answers of up to 200 characters, the most the form takes; a longer one reads as nothing answered', () => {
    const storage = createFakeStorage();
    createGate(storage, scope).answer({ email: 'a'.repeat(200) });
    expect(createGate(storage, scope).answers.value).toEqual({ email: 'a'.repeat(200) });
    createGate(storage, scope).answer({ email: 'a'.repeat(201) });
    expect(createGate(storage, scope).answers.value).toBeNull();
  });

  test('does not read a stored value of 20,000 characters or more (none of its own is that long)', () => {
    const storage = createFakeStorage();
    const prechat = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://chat.example/api:prechat';
    createGate(storage, scope).answer({ email: 'ada@example.com' });
    const stored = storage.data.get(prechat)!;
    // Padded with spaces, which JSON allows between its tokens, to the length under test.
    const padded = (length: number) => stored.slice(0, -1) + ' '.repeat(length - stored.length) + '}';
    storage.data.set(prechat, padded(19_999));
    expect(createGate(storage, scope).answers.value).toEqual({ email: 'ada@example.com' });
    storage.data.set(prechat, padded(20_000));
    expect(createGate(storage, scope).answers.value).toBeNull();
  });

  test('works on when storage throws, for the page’s life', () => {
    const storage = createFakeStorage();
    storage.mode = 'throws';
    const gate = createGate(storage, scope);
    expect(gate.step(both)).toBe('consent');
    gate.accept(NOTICE);
    gate.answer({ email: 'ada@example.com' });
    expect(gate.step(both)).toBe('open');
  });

  test('with storage "memory" writes nothing to Web Storage', () => {
    localStorage.clear();
    const gate = createGate(createStorage('memory'), scope);
    gate.accept(NOTICE);
    gate.answer({ email: 'ada@example.com' });
    expect(gate.step(both)).toBe('open');
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(createGate(createStorage('memory'), scope).step(both)).toBe('consent');
  });
});
