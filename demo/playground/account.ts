/**
 * "Use my assistants": the owner's assistant list as page state. The API key is used for one listing and
 * then dropped: it lives only in the call's arguments and the requests it makes, never in a signal, the
 * settings, storage or the URL.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { listAllAssistants, type AccountAssistant, type AccountFetch, type AccountProblem } from './account-api';

/** What the "Use my assistants" form shows. */
export type AccountState =
  | { status: 'idle' }
  | { status: 'loading'; apiBase: string }
  | { status: 'ready'; apiBase: string; assistants: AccountAssistant[] }
  | { status: 'failed'; apiBase: string; problem: AccountProblem; httpStatus?: number; message?: string };

/** What the account list needs from the outside world. */
export interface AccountDeps {
  fetch: AccountFetch;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/** The owner's assistant list and its actions. */
export interface Account {
  readonly state: ReadonlySignal<AccountState>;
  /** Reads every page of the key owner's assistants from `apiBase`. A listing still under way is cancelled. */
  list(apiBase: string, apiKey: string): Promise<void>;
  /** Forgets the list (and cancels a listing under way). */
  forget(): void;
  dispose(): void;
}

/** How long a whole listing may take before it counts as a network problem. */
export const LIST_TIMEOUT_MS = 20_000;

/** Creates the account list's state. */
export function createAccount(deps: AccountDeps): Account {
  const state = signal<AccountState>({ status: 'idle' });
  let pending: AbortController | null = null;

  function cancel(): void {
    pending?.abort();
    pending = null;
  }

  async function list(apiBase: string, apiKey: string): Promise<void> {
    cancel();
    const controller = new AbortController();
    pending = controller;
    state.value = { status: 'loading', apiBase };
    const deadline = { passed: false };
    const timer = deps.setTimer(() => {
      deadline.passed = true;
      controller.abort();
    }, LIST_TIMEOUT_MS);
    const outcome = await listAllAssistants({ apiBase, apiKey: apiKey.trim(), fetch: deps.fetch, signal: controller.signal });
    deps.clearTimer(timer);
    if (pending !== controller) return;
    pending = null;
    if (outcome.ok) state.value = { status: 'ready', apiBase, assistants: outcome.assistants };
    else if (outcome.problem === 'aborted') state.value = deadline.passed ? { status: 'failed', apiBase, problem: 'network' } : { status: 'idle' };
    else state.value = { status: 'failed', apiBase, problem: outcome.problem, httpStatus: outcome.status, message: outcome.message };
  }

  return {
    state,
    list,
    forget() {
      cancel();
      state.value = { status: 'idle' };
    },
    dispose: cancel,
  };
}

/** What to tell the owner about a failed listing, in one or two sentences. */
export function problemMessage(state: Extract<AccountState, { status: 'failed' }>): string {
  switch (state.problem) {
    case 'unauthorized':
      return 'That API key was not accepted. Check that you copied all of it, or create a new key on the platform.';
    case 'network':
      return `Could not reach ${state.apiBase}. Check the API base and your connection, then try again.`;
    case 'not-api':
      return (
        `${state.apiBase} did not answer like the platform’s API` + (state.httpStatus ? ` (HTTP ${state.httpStatus})` : '') + '. Check the API base.'
      );
    case 'refused':
      return `The API refused the request${state.httpStatus ? ` (HTTP ${state.httpStatus})` : ''}: ${state.message ?? 'no reason given'}`;
    default: {
      const never: never = state.problem;
      return never;
    }
  }
}
