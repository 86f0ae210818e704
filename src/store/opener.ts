/**
 * Opening a conversation: resume the current or stored one (a read, no lock), or create one (under
 * a cross-tab lock, so tabs opened at once create one conversation between them; the tab that creates
 * it claims a lock named for it, since the others' storage may show it only later). A stored
 * conversation the server no longer knows is forgotten and replaced, with a notice.
 */
import type { ApiError } from '../api/errors';
import { isUuid } from '../api/url';
import type { Core } from './core';

/** How an opening goes: `start` may create; `prepare` only reads a stored conversation. */
export type OpenMode = 'start' | 'prepare';

/** The opener of a store. */
export interface Opener {
  /**
   * Opens the current or stored conversation (the one another tab announced, where storage is out of
   * reach), else (mode `start`) a new one. Ends `ready`, `failed` or `blocked`; in mode `prepare`, a
   * read that fails leaves the store `idle`. Ends early, changing nothing more, when the session ends.
   */
  open(mode: OpenMode): Promise<void>;
}

/** Creates the opener. */
export function createOpener(core: Core): Opener {
  const { deps } = core;
  /** A stored conversation was found gone: the next one created is announced as its replacement. */
  let replaced = false;

  const patience = { attempts: core.options.openAttempts, onTrouble: core.setTrouble };
  const read = (id: string, signal: AbortSignal) => core.request((signal) => deps.client.getConversation(id, { signal }), signal, patience);

  /**
   * Under the lock: the conversation another tab stored meanwhile, else a new one. Resolves with the
   * error that stopped it, if any.
   */
  async function resumeOrCreate(signal: AbortSignal): Promise<ApiError | undefined> {
    // This tab's storage may not show yet what the tab that held the lock before stored: its claim does.
    const other = core.readId() ?? (await deps.tabs.held('created:')).filter((id) => isUuid(id) && !core.forgotten.has(id)).pop();
    if (other) {
      const history = await read(other, signal);
      if (history.type === 'done') {
        core.enter(other, history.value);
        return undefined;
      }
      if (history.type === 'failed' && history.error.kind !== 'not_found') return history.error;
      core.forgetId(other);
    }
    const { assistantId, type } = core.options;
    const variables = core.variables();
    const created = await core.request((signal) => deps.client.createConversation({ assistantId, type, variables }, { signal }), signal, patience);
    if (created.type === 'failed') return created.error;
    if (created.type === 'abandoned') return undefined;
    const id = created.value.conversationId;
    // Entered, stored and claimed (while this tab stays on it) before the lock is released: a tab waiting
    // for it finds this conversation.
    core.enter(id, created.value.history);
    deps.tabs.post({ type: 'conversation', conversationId: id });
    await deps.tabs.claim('created:' + id, signal);
    return undefined;
  }

  return {
    async open(mode) {
      const signal = core.session();
      core.moveTo('connecting');
      const id = core.conversationId.value ?? core.readId();
      if (id) {
        const history = await read(id, signal);
        if (history.type === 'abandoned') return;
        if (history.type === 'done') {
          core.enter(id, history.value);
          core.moveTo('ready');
          return;
        }
        if (history.error.kind !== 'not_found') {
          if (mode === 'prepare') core.moveTo('idle');
          else core.halt(history.error);
          return;
        }
        core.forgetId(id);
        replaced = true;
      }
      if (mode === 'prepare') {
        core.moveTo('idle');
        return;
      }
      const error = await deps.tabs.withLock('create', () => resumeOrCreate(signal));
      if (signal.aborted) return;
      if (error) {
        core.halt(error);
        return;
      }
      if (replaced) core.note('conversation-replaced');
      replaced = false;
      core.moveTo('ready');
    },
  };
}
