/**
 * What the widget keeps in Web Storage, and how: the one place that knows the storage's layout.
 *
 * Keys: one set per assistant and API base, so two assistants on one site never share anything, and within it
 * one set per signed-in visitor, so two people on one browser never see each other's chat:
 * - `assistant-chat:<assistantId>@<apiBase>[~<visitor>]`: the conversation id, in the site's storage (local,
 *   session or memory, `data-storage`); the same key with `:draft`, `:consent` and `:prechat`: the draft, the
 *   notice the visitor accepted and their pre-chat answers, there too; with `:outbox`: the messages not yet
 *   confirmed, in the tab's storage (sessionStorage); with `:teaser` and `:opened`: what this visit (the tab) has
 *   seen of the nudges (src/boot/nudges.ts), `1` in the tab's storage; with `:size`: the panel's layout chosen for
 *   the visit (`normal` or `large`), in the tab's storage; with `:sound`: whether the visitor muted the
 *   chime, in the site's storage.
 *
 * Values: one versioned envelope, `{"version": 2, "scope": "<assistantId>@<apiBase>", "state": {…}}`. What an
 * earlier version wrote is migrated as it is read (version 1 of 0.1.0: `{"v": 1, "assistantId", "apiBase",
 * …state}`); what is not ours, or of a version this widget does not know, reads as nothing. What each state
 * holds is its reader's (./persistence.ts, ./gate.ts).
 *
 * The boot looks for `:outbox` keys at idle time (unsent messages the last page left): what it imports from here
 * is small.
 */
import { isObject, parseObject, toJson } from '../api/json';
import type { JsonObject } from '../api/types';
import { trimBase } from '../api/url';

/** Whose a stored value is: the assistant and the API base (the visitor is in the key). */
export interface StorageScope {
  assistantId: string;
  apiBase: string;
}

/** The version of the envelope this widget writes. */
export const STORAGE_VERSION = 2;

/** The scope as the envelope names it. */
const scopeName = ({ assistantId, apiBase }: StorageScope) => `${assistantId}@${trimBase(apiBase)}`;

/** The JSON of `state` in the envelope of `scope`. */
export function envelope(scope: StorageScope, state: object): string {
  return toJson({ version: STORAGE_VERSION, scope: scopeName(scope), state });
}

/**
 * How every envelope of `scope` that this version writes starts, up to its state's first field (toJson keeps
 * the order of the keys): a value too long to parse whole can still be recognized.
 */
export function envelopeHead(scope: StorageScope): string {
  return `{"version":${STORAGE_VERSION},"scope":${toJson(scopeName(scope))},"state":{`;
}

/** How version 1 began: what the start of a value too long to parse whole is recognized by. */
export function versionOneHead({ assistantId, apiBase }: StorageScope): string {
  return `{"v":1,"assistantId":${toJson(assistantId)},"apiBase":${toJson(trimBase(apiBase))},`;
}

/** The state an envelope of `scope` holds (one an earlier version wrote, migrated), or undefined. Never throws. */
export function openEnvelope(raw: string, scope: StorageScope): JsonObject | undefined {
  const value = parseObject(raw);
  return value && migrate(value, scope);
}

/** The state of a stored value, brought to this version; undefined when it is not ours or of an unknown version. */
function migrate(value: JsonObject, scope: StorageScope): JsonObject | undefined {
  if (value.v === 1) {
    // Version 1 (0.1.0): the state's fields beside the scope's.
    const { v: _version, assistantId, apiBase, ...state } = value;
    return assistantId === scope.assistantId && apiBase === trimBase(scope.apiBase) ? state : undefined;
  }
  return value.version === STORAGE_VERSION && value.scope === scopeName(scope) && isObject(value.state) ? value.state : undefined;
}

/**
 * What each key of a visitor holds, after the visitor's key (see {@link visitorKey}): the conversation id and the
 * draft in the site's storage, the unsent messages in the tab's, the consent and the pre-chat answers.
 */
export const STORAGE_SUFFIX = {
  conversation: '',
  draft: ':draft',
  outbox: ':outbox',
  consent: ':consent',
  prechat: ':prechat',
  teaser: ':teaser',
  opened: ':opened',
  size: ':size',
  sound: ':sound',
} as const;

/** A kind of thing the widget keeps. */
export type Stored = keyof typeof STORAGE_SUFFIX;

/** The keys of everything the widget keeps for the visitor `scope` names. */
export function storageKeys(scope: { assistantId: string; apiBase: string; visitor?: Record<string, unknown> }): Record<Stored, string> {
  const key = visitorKey(scope);
  const keys = {} as Record<Stored, string>;
  for (const [name, suffix] of Object.entries(STORAGE_SUFFIX)) keys[name as Stored] = key + suffix;
  return keys;
}

/**
 * The key of the stored conversation id of an anonymous visitor; `:draft`, `:outbox`, `:consent` and
 * `:prechat` are added to it. (The launcher looks for any `:outbox` under it at idle time: a signed-in
 * visitor's keys start with it too.)
 */
export function storageKey(assistantId: string, apiBase: string): string {
  return `assistant-chat:${assistantId}@${trimBase(apiBase)}`;
}

/**
 * What a signed-in visitor's keys add to {@link storageKey}: `~` and a fingerprint of their id (so the id,
 * perhaps an email address, is not written into key names); nothing for an anonymous visitor. A fingerprint
 * (32-bit FNV-1a), not a secret: it keeps people apart on one device, it hides nothing from it.
 */
export function visitorSuffix(visitorId: string | undefined): string {
  if (!visitorId) return '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i++) hash = Math.imul(hash ^ visitorId.charCodeAt(i), 0x01000193);
  return '~' + (hash >>> 0).toString(36);
}

/** The id of the visitor a widget's settings name (`identify`, `data-visitor`), if any. */
export function visitorId(settings: { visitor?: Record<string, unknown> }): string | undefined {
  const id = settings.visitor?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) || undefined : undefined;
}

/** The start of the storage keys of the visitor `scope` names (anonymous: the assistant's own key). */
export function visitorKey(scope: { assistantId: string; apiBase: string; visitor?: Record<string, unknown> }): string {
  return storageKey(scope.assistantId, scope.apiBase) + visitorSuffix(visitorId(scope));
}
