/**
 * What the store keeps in storage, in the envelope and under the keys of ./layout.ts:
 * - the conversation id: `{ conversationId }`, in the site's storage;
 * - the draft: `{ text, trimmed? }`, in the site's storage;
 * - the outbox: `{ conversationId, tab, seen, items: [{ id, text, snapshot?, failed? }] }`, in the tab's storage.
 *
 * Storage is hostile territory: any access may throw, and a value may be corrupt, foreign, of another
 * version, or huge. Reads check the size before parsing and the shape after; whatever fails reads as
 * nothing. Writes that fail are dropped (the storage seam keeps them in memory).
 */
import { isObject } from '../api/json';
import { wellFormed } from '../api/message-text';
import { MAX_MESSAGE_LENGTH } from '../api/types';
import { isUuid } from '../api/url';
import { envelope, envelopeHead, openEnvelope, storageKeys, versionOneHead } from './layout';
import type { JsonObject } from '../api/types';
import type { StorageLike, StoreOptions } from './types';

/**
 * The longest draft kept, in UTF-16 units: five messages of the longest kind. A longer draft stays
 * whole on the page; only its start is saved (marked `trimmed`), and a reload says so.
 */
export const MAX_DRAFT_LENGTH = 5 * MAX_MESSAGE_LENGTH;

/**
 * The most an outbox envelope may take, in characters, to be read: some eighty messages of the longest
 * kind with every character escaped, hundreds of ordinary ones.
 */
const MAX_OUTBOX_SIZE = 1 << 20;

/** toJson escapes every character it escapes as `\uXXXX`: at most six characters for one. */
const ESCAPED = 6;

/** A message of the outbox as stored. */
export interface StoredItem {
  id: string;
  text: string;
  /** Set once its request may have reached the server: the history length the tab knew then. */
  snapshot?: number | undefined;
  /** It had failed (the visitor was to send it again or discard it): a reload sends it no more than the page did. */
  failed?: true | undefined;
}

/** The outbox as stored: its messages, and the conversation their snapshots belong to. */
export interface StoredOutbox {
  conversationId: string | null;
  /**
   * The page that holds the messages (its store's id): while it lives, it holds a cross-tab lock of that
   * name. A tab whose storage is a copy of another's (a duplicated tab) finds the lock held.
   */
  tab?: string | undefined;
  /**
   * How many messages of the conversation the page knew when it saved: a message that had not left by
   * then can only land after them (where a duplicated tab looks for its copy of it).
   */
  seen?: number | undefined;
  items: StoredItem[];
}

/** A draft read back: its text, and whether only its start could be kept. */
export interface StoredDraft {
  text: string;
  trimmed: boolean;
}

/** Reads and writes of the store's values; none of them throws. */
export interface Persistence {
  /** The stored conversation id, or null. */
  readId(): string | null;
  saveId(conversationId: string): void;
  /** Forgets the stored id when it is `conversationId` (another tab may have stored a newer one). */
  forgetId(conversationId: string): void;
  readDraft(): StoredDraft;
  /** Saves the draft (its first {@link MAX_DRAFT_LENGTH} units); an empty draft removes the value. */
  saveDraft(text: string): void;
  /** What the last page of this tab left unsent, or undefined. */
  readOutbox(): StoredOutbox | undefined;
  /** Saves the outbox; null (or no items) removes the value. */
  saveOutbox(outbox: StoredOutbox | null): void;
}

/** Creates the persistence of one store: `storage` for the id and draft, `tabStorage` (if any) for the outbox. */
export function createPersistence(
  scope: Pick<StoreOptions, 'assistantId' | 'apiBase' | 'visitor'>,
  storage: StorageLike,
  tabStorage?: StorageLike,
): Persistence {
  const keys = storageKeys(scope);
  const key = keys.conversation;
  const draftKey = keys.draft;
  const outboxKey = keys.outbox;
  // How a draft envelope starts, in this version and the first: a draft too long to parse whole is recognized by it.
  const draftHeads = [envelopeHead(scope) + '"text":"', versionOneHead(scope) + '"text":"'];
  const idLimit = envelopeHead(scope).length + 128;
  const draftLimit = draftHeads[0]!.length + ESCAPED * MAX_DRAFT_LENGTH + 32;

  /** The state stored under `name`, when it is ours and at most `limit` characters long. */
  function load(from: StorageLike | undefined, name: string, limit: number): JsonObject | undefined {
    const raw = read(from, name);
    if (raw === undefined || raw.length > limit) return undefined;
    return openEnvelope(raw, scope);
  }
  const save = (to: StorageLike | undefined, name: string, state: object) => attempt(() => to?.setItem(name, envelope(scope, state)));
  const remove = (from: StorageLike | undefined, name: string) => attempt(() => from?.removeItem(name));

  /** The start of the text of a draft envelope too long to parse whole, or undefined when it is not ours. */
  function draftStart(raw: string): string | undefined {
    const head = draftHeads.find((start) => raw.startsWith(start));
    if (head === undefined) return undefined;
    let body = raw.slice(head.length, head.length + ESCAPED * MAX_DRAFT_LENGTH);
    // An escape cut in half at the end is left out.
    const escape = body.lastIndexOf('\\');
    if (escape > body.length - ESCAPED) body = body.slice(0, escape);
    // Throws (not ours after all) when the body holds the string's end: no text of ours is that short.
    return attemptValue(() => JSON.parse(`"${body}"`) as string);
  }

  return {
    readId() {
      const id = load(storage, key, idLimit)?.conversationId;
      return isUuid(id) ? id : null;
    },
    saveId(conversationId) {
      save(storage, key, { conversationId });
    },
    forgetId(conversationId) {
      if (load(storage, key, idLimit)?.conversationId === conversationId) remove(storage, key);
    },

    readDraft() {
      const raw = read(storage, draftKey);
      if (raw === undefined) return { text: '', trimmed: false };
      if (raw.length > draftLimit) {
        const start = draftStart(raw);
        return start === undefined ? { text: '', trimmed: false } : { text: cut(start), trimmed: true };
      }
      const value = openEnvelope(raw, scope);
      const text = value?.text;
      if (typeof text !== 'string') return { text: '', trimmed: false };
      return { text: cut(text), trimmed: value!.trimmed === true || text.length > MAX_DRAFT_LENGTH };
    },
    saveDraft(text) {
      if (!text) {
        remove(storage, draftKey);
        return;
      }
      const kept = cut(text);
      save(storage, draftKey, kept === text ? { text } : { text: kept, trimmed: true });
    },

    readOutbox() {
      const value = load(tabStorage, outboxKey, MAX_OUTBOX_SIZE);
      if (!value || !Array.isArray(value.items)) return undefined;
      const conversationId = isUuid(value.conversationId) ? value.conversationId : null;
      const tab = typeof value.tab === 'string' ? value.tab : undefined;
      const seen = isCount(value.seen) ? value.seen : undefined;
      const items: StoredItem[] = [];
      for (const item of value.items as unknown[]) {
        const stored = toItem(item);
        if (stored) items.push(stored);
      }
      return { conversationId, tab, seen, items };
    },
    saveOutbox(outbox) {
      if (!outbox?.items.length) {
        remove(tabStorage, outboxKey);
        return;
      }
      const { conversationId, tab, seen, items } = outbox;
      save(tabStorage, outboxKey, { conversationId, tab, seen, items });
    },
  };
}

/** An outbox item of the stored shape and size (a sendable text), or undefined. */
function toItem(value: unknown): StoredItem | undefined {
  if (!isObject(value)) return undefined;
  const { id, text, snapshot } = value;
  if (typeof id !== 'string' || !id || id.length > 100) return undefined;
  // Two units a character at most: longer is not a text this widget took.
  if (typeof text !== 'string' || !text.trim() || text.length > 2 * MAX_MESSAGE_LENGTH) return undefined;
  const item: StoredItem = { id, text: wellFormed(text) };
  if (isCount(snapshot)) item.snapshot = snapshot;
  // A snapshot that is not one this widget wrote: whether the message left cannot be told, so it is the
  // visitor's to send again, like one that failed.
  else if (snapshot !== undefined) item.failed = true;
  if (value.failed !== undefined) item.failed = true;
  return item;
}

/** A count of messages: a whole number, not negative. */
function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** `text` cut to {@link MAX_DRAFT_LENGTH} units, never between the two halves of a character. */
function cut(text: string): string {
  // (A first half of a pair left at the end of the cut goes too.)
  return text.length > MAX_DRAFT_LENGTH ? text.slice(0, MAX_DRAFT_LENGTH).replace(/[\ud800-\udbff]$/, '') : text;
}

function read(from: StorageLike | undefined, name: string): string | undefined {
  const raw = attemptValue(() => from?.getItem(name));
  return typeof raw === 'string' ? raw : undefined;
}

function attempt(task: () => void): void {
  attemptValue(task);
}

function attemptValue<T>(task: () => T): T | undefined {
  try {
    return task();
  } catch {
    return undefined;
  }
}
