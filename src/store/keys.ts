/**
 * The names under which a widget keeps its data in Web Storage: one set per assistant and API base, so
 * two assistants on one site never share anything. The launcher script reads one of them at idle time
 * (unsent messages the last page left), so this module stays free of everything else.
 */

/** An API root without its trailing slashes (`https://x.test/api/` and `https://x.test/api` are one base). */
export function trimBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '');
}

/**
 * The key of the stored conversation id; `:draft` and `:outbox` are added to it for the draft and the unsent
 * messages. (The launcher looks for any `:outbox` under it at idle time.)
 */
export function storageKey(assistantId: string, apiBase: string): string {
  return `assistant-chat:${assistantId}@${trimBase(apiBase)}`;
}
