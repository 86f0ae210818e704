/**
 * The names under which a widget keeps its data in Web Storage: one set per assistant and API base, so
 * two assistants on one site never share anything. The launcher script reads one of them at idle time
 * (unsent messages the last page left), so this module stays free of everything else (../api/url.ts
 * is as small).
 */
import { trimBase } from '../api/url';

/** The key of the stored conversation id: one per assistant and API base (`:draft` and `:outbox` are added to it). */
export function storageKey(assistantId: string, apiBase: string): string {
  return `assistant-chat:${assistantId}@${trimBase(apiBase)}`;
}

/** The key of the messages not yet confirmed by the server, in the tab's own storage (sessionStorage). */
export function outboxKey(assistantId: string, apiBase: string): string {
  return storageKey(assistantId, apiBase) + ':outbox';
}

/** The key of the visitor's unsent draft. */
export function draftKey(assistantId: string, apiBase: string): string {
  return storageKey(assistantId, apiBase) + ':draft';
}
