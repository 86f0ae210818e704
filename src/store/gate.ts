/**
 * What the visitor settles before a conversation is created: their consent to the notice
 * (`data-consent="required"`) and their answers to the pre-chat form (`data-prechat`). Both are kept in
 * the widget's storage, under keys next to the conversation id's (see ./layout.ts):
 * - `:consent`: `{ notice }`, the text of the notice accepted (a different notice is asked again);
 * - `:prechat`: `{ answers }`, the visitor's own data (what a `logout` is to forget).
 * With `data-storage="memory"` the storage is memory: they last as long as the page. The panel loads
 * this file only when the settings ask for consent, a notice or a form.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { isObject } from '../api/json';
import type { PanelSettings } from '../config/table';
import { envelope, openEnvelope, storageKeys } from './layout';
import type { StorageLike } from './types';

/** Where the visitor stands: to accept the notice, to answer the form, or free to chat. */
export type GateStep = 'consent' | 'prechat' | 'open';

/** The answers of the pre-chat form, by field name (empty optional fields are left out). */
export type PrechatAnswers = Record<string, string>;

/** The longest answer kept (a field holds a name, an email address or a phone number). */
export const MAX_ANSWER_LENGTH = 200;

/** The settings that decide the step. */
export type GateSettings = Pick<PanelSettings, 'consent' | 'disclaimer' | 'prechat'>;

/** The visitor's consent and answers: signals the UI reads, and the actions it calls. */
export interface Gate {
  /** The notice the visitor accepted (its text), or null. */
  readonly accepted: ReadonlySignal<string | null>;
  /** The visitor's answers to the pre-chat form, or null until they were given. */
  readonly answers: ReadonlySignal<PrechatAnswers | null>;
  /** Where the visitor stands under `settings`: consent first, then the form. */
  step(settings: GateSettings): GateStep;
  /** The visitor accepted `notice` (the disclaimer's text, empty without one); remembered on this device. */
  accept(notice: string): void;
  /** The visitor answered the form; remembered on this device. */
  readonly answer: (answers: PrechatAnswers) => void;
}

/**
 * Reads what the visitor settled on this device (for the assistant, API base and visitor of `scope`: the keys
 * and envelope of ./layout.ts) and keeps it as they settle more. Storage is hostile territory: a value that is
 * not ours, or not of the shape written, reads as nothing; a write that fails is kept in memory by the storage
 * seam.
 */
export function createGate(storage: StorageLike, scope: { assistantId: string; apiBase: string; visitor?: Record<string, unknown> }): Gate {
  const keys = storageKeys(scope);

  function load(name: 'consent' | 'prechat'): Record<string, unknown> | undefined {
    let raw: string | null = null;
    try {
      raw = storage.getItem(keys[name]);
    } catch {
      // out of reach: nothing settled
    }
    // Six answers of the longest kind, every character escaped, fit many times over.
    return raw && raw.length < 20_000 ? openEnvelope(raw, scope) : undefined;
  }
  function save(name: 'consent' | 'prechat', state: object) {
    try {
      storage.setItem(keys[name], envelope(scope, state));
    } catch {
      // the seam never throws; a storage passed by a caller might
    }
  }

  const notice = load('consent')?.notice;
  const accepted = signal(typeof notice === 'string' ? notice : null);
  const answers = signal(toAnswers(load('prechat')?.answers));

  return {
    accepted,
    answers,
    step({ consent, disclaimer, prechat }) {
      if (consent === 'required' && accepted.value !== (disclaimer ?? '')) return 'consent';
      return prechat.length && !answers.value ? 'prechat' : 'open';
    },
    accept(text) {
      accepted.value = text;
      save('consent', { notice: text });
    },
    answer(given) {
      answers.value = given;
      save('prechat', { answers: given });
    },
  };
}

/** Stored answers, when they are answers: text values under variable names. */
function toAnswers(value: unknown): PrechatAnswers | null {
  if (!isObject(value)) return null;
  const out: PrechatAnswers = {};
  for (const [name, answer] of Object.entries(value)) {
    if (!/^[A-Za-z_]\w{0,39}$/.test(name) || typeof answer !== 'string' || answer.length > MAX_ANSWER_LENGTH) return null;
    out[name] = answer;
  }
  return out;
}
