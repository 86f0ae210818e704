/**
 * Opening a conversation: resume the current or stored one (a read, no lock), or create one (under
 * a cross-tab lock, so tabs opened at once create one conversation between them). A stored
 * conversation the server no longer knows is forgotten and replaced, with a notice.
 */
import type { WireMessage } from '../api/types';
import type { Core, Outcome } from './core';

/** How an opening goes: `start` may create; `prepare` only reads a stored conversation. */
export type OpenMode = 'start' | 'prepare';

/** The opener of a store. */
export interface Opener {
  /**
   * Opens `prefer`, else the current or stored conversation, else (mode `start`) a new one. Ends
   * `ready`, `failed` or `blocked`; in mode `prepare`, a read that fails leaves the store `idle`.
   * Resolves `true` when it opened the conversation.
   */
  open(mode: OpenMode, prefer?: string | null): Promise<boolean>;
}

/** Creates the opener. */
export function createOpener(core: Core): Opener {
  const { deps, persistence } = core;
  /** A stored conversation was found gone: the next one created is announced as its replacement. */
  let replaced = false;

  const patience = () => ({ attempts: core.options.openAttempts, onTrouble: core.setTrouble });

  const read = (id: string, signal: AbortSignal): Promise<Outcome<WireMessage[]>> =>
    core.request((signal) => deps.client.getConversation(id, { signal }), signal, patience());

  /**
   * Under the lock: the conversation another tab stored meanwhile, else a new one. Resolves with the
   * conversation entered, or how it failed.
   */
  async function resumeOrCreate(gone: string | null, signal: AbortSignal): Promise<Outcome<string>> {
    const other = core.readId();
    if (other && other !== gone) {
      const history = await read(other, signal);
      if (history.type === 'done') {
        core.enter(other, history.value);
        return { type: 'done', value: other };
      }
      if (history.type === 'abandoned' || history.error.kind !== 'not_found') return history;
      core.forgetId(other);
    }
    const { assistantId, type, variables } = core.options;
    const created = await core.request(
      (signal) => deps.client.createConversation({ assistantId, type, variables }, { signal }),
      signal,
      patience(),
    );
    if (created.type !== 'done') return created;
    const id = created.value.conversationId;
    // Entered (and stored) before the lock is released: a tab waiting for it finds this conversation.
    core.enter(id, created.value.history);
    deps.tabs.post({ type: 'conversation', conversationId: id });
    return { type: 'done', value: id };
  }

  return {
    async open(mode, prefer = null) {
      const signal = core.session();
      core.state.value = { type: 'connecting' };
      const id = prefer ?? core.conversationId.value ?? core.readId();
      if (id) {
        const history = await read(id, signal);
        if (history.type === 'abandoned') return false;
        if (history.type === 'done') {
          core.enter(id, history.value);
          core.state.value = { type: 'ready' };
          return true;
        }
        if (history.error.kind === 'not_found') {
          core.forgetId(id);
          replaced = true;
        } else if (mode === 'prepare') {
          core.state.value = { type: 'idle' };
          return false;
        } else {
          core.halt(history.error);
          return false;
        }
      }
      if (mode === 'prepare') {
        core.state.value = { type: 'idle' };
        return false;
      }
      const opened = await deps.tabs.withLock('create', () => resumeOrCreate(id, signal));
      if (opened.type === 'abandoned' || signal.aborted) return false;
      if (opened.type === 'failed') {
        core.halt(opened.error);
        return false;
      }
      if (replaced) core.notice.value = 'conversation-replaced';
      replaced = false;
      core.state.value = { type: 'ready' };
      return true;
    },
  };
}
