/**
 * The names under which a widget keeps its data in Web Storage: one set per assistant and API base, so
 * two assistants on one site never share anything, and within it one set per signed-in visitor, so two
 * people on one browser never see each other's chat. The launcher script reads one of them at idle time
 * (unsent messages the last page left), so this module stays free of everything else (../api/url.ts
 * is as small).
 */
import { trimBase } from '../api/url';

/**
 * What each key of a visitor holds, after the visitor's key (see {@link visitorKey}): the conversation id and the
 * draft in the site's storage, the unsent messages in the tab's, the consent and the pre-chat answers.
 */
export const STORAGE_SUFFIX = { conversation: '', draft: ':draft', outbox: ':outbox', consent: ':consent', prechat: ':prechat' } as const;

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
  return id === undefined || id === '' ? undefined : String(id);
}

/** The start of the storage keys of the visitor `scope` names (anonymous: the assistant's own key). */
export function visitorKey(scope: { assistantId: string; apiBase: string; visitor?: Record<string, unknown> }): string {
  return storageKey(scope.assistantId, scope.apiBase) + visitorSuffix(visitorId(scope));
}
