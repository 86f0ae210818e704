/**
 * An in-memory ApiClient that behaves like the conversation API: it holds conversations and their
 * histories, validates like the server, and can be told to fail its next calls in given ways.
 */
import type { ApiClient, CallOptions, Reply } from '../../src/api/client';
import { isUuid } from '../../src/api/client';
import { ApiError, type ApiErrorKind } from '../../src/api/errors';
import type { ConversationType, VariableValue, WireMessage } from '../../src/api/types';

/** The contract's limit on a user message, in characters (code points); the fake's own, not the widget's. */
const CONTRACT_MAX_LENGTH = 2000;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The fixture assistants (same UUIDs as the stand-in API). */
export const ASSISTANT = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
export const QUIET_ASSISTANT = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
export const UNFUNDED_ASSISTANT = 'c91d5e27-6f4b-4a3e-8d12-9b0e7a6c5d02';
export const UNKNOWN_ASSISTANT = '00000000-0000-4000-8000-000000000000';
export const GREETING = 'Hello! How can I help?';

/** An assistant the fake knows: its greeting, and whether its owner can pay for `widget` conversations. */
export interface FakeAssistant {
  greeting?: string;
  funded?: boolean;
}

/** Which call a fault applies to. */
export type FakeRoute = 'create' | 'get' | 'send';

/** How the kinds of "lost" answers look to the client. */
type LostAs = Extract<ApiErrorKind, 'network' | 'timeout' | 'server' | 'unexpected'>;

/**
 * A way for the next call to go wrong.
 * - `lost-before-processing`: the request never reached the server (nothing happened).
 * - `lost-after-processing`: the server did everything, the answer was lost.
 * - `working`: the server took the message, the connection dropped, the reply comes later
 *   (after `ms` of fake time, or at `finishWork()`).
 * - `slow`: the answer comes after `ms` of fake time (the user message is stored at once, the
 *   reply at the end, like the stand-in API); cancelling does not stop the server. `deaf`: the
 *   answer comes even to a cancelled call (a transport that ignores its signal).
 * - `hang`: the server took the message and never answers (reply at `finishWork()`).
 * - `rate-limited`: 429, nothing processed.
 * - `error`: the server answers this error without processing anything.
 * - `error-after-processing`: the server did everything (the reply is in the history), then answered this error.
 */
export type FakeFault =
  | { kind: 'lost-before-processing'; as?: LostAs }
  | { kind: 'lost-after-processing'; as?: LostAs }
  | { kind: 'working'; as?: LostAs; ms?: number }
  | { kind: 'slow'; ms: number; deaf?: boolean }
  | { kind: 'hang' }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'error'; error: ApiError }
  | { kind: 'error-after-processing'; error: ApiError };

/** One call the client received. */
export interface FakeRequest {
  route: FakeRoute;
  conversationId?: string;
  message?: string;
  assistantId?: string;
  type?: ConversationType;
  variables?: Record<string, VariableValue>;
}

/** A fake stored conversation. */
export interface FakeConversation {
  assistantId: string;
  type: ConversationType;
  history: WireMessage[];
}

/** What timed faults need: the fake clock's timers. */
export interface FakeScheduler {
  setTimer(callback: () => void, ms: number): unknown;
}

/** The fake client and its controls. */
export interface FakeClient extends ApiClient {
  /** Every call, in order. */
  readonly requests: FakeRequest[];
  readonly conversations: Map<string, FakeConversation>;
  /** The next `times` calls of `route` fail with `fault`. */
  failNext(route: FakeRoute, fault: FakeFault, times?: number): void;
  /** A copy of a conversation's history. */
  history(conversationId: string): WireMessage[];
  /** The calls of one route. */
  calls(route: FakeRoute): FakeRequest[];
  /** Someone else (another device) sends a message and gets the reply. */
  say(conversationId: string, text: string): void;
  /** The server forgets a conversation (it then answers 404). */
  forget(conversationId: string): void;
  /** Replies that were held back (`working` without `ms`, `hang`) arrive now. */
  finishWork(): void;
  /** How the assistant answers; replace it to attach function calls. */
  respond: (text: string) => Reply;
}

/** Creates the fake client. */
export function createFakeClient(options: { assistants?: Record<string, FakeAssistant>; scheduler?: FakeScheduler } = {}): FakeClient {
  const assistants: Record<string, FakeAssistant> = options.assistants ?? {
    [ASSISTANT]: { greeting: GREETING },
    [QUIET_ASSISTANT]: {},
    [UNFUNDED_ASSISTANT]: { greeting: 'Hi', funded: false },
  };
  const requests: FakeRequest[] = [];
  const conversations = new Map<string, FakeConversation>();
  const faults: Array<{ route: FakeRoute; fault: FakeFault }> = [];
  let held: Array<() => void> = [];
  let count = 0;

  const lost = (as: LostAs = 'network') => new ApiError(as, `lost (${as})`, as === 'server' ? { status: 502 } : {});
  const cancelled = () => new ApiError('network', 'The request was cancelled.');

  function conversation(id: string): FakeConversation {
    const found = conversations.get(id.toLowerCase());
    if (!found) throw new ApiError('not_found', 'Conversation not found', { status: 404 });
    return found;
  }

  function take(route: FakeRoute): FakeFault | undefined {
    const index = faults.findIndex((f) => f.route === route);
    return index < 0 ? undefined : faults.splice(index, 1)[0]!.fault;
  }

  function later(ms: number, task: () => void) {
    if (!options.scheduler) throw new Error('the fake client needs a scheduler for timed faults');
    options.scheduler.setTimer(task, ms);
  }

  /**
   * One call: `accept` does what the server does on arrival (and may throw its answer);
   * the function it returns finishes the work and gives the result.
   */
  async function handle<T>(route: FakeRoute, signal: AbortSignal | undefined, accept: () => () => T): Promise<T> {
    await Promise.resolve();
    if (signal?.aborted) throw cancelled();
    const fault = take(route);
    if (fault?.kind === 'error') throw fault.error;
    if (fault?.kind === 'rate-limited') {
      throw new ApiError('rate_limited', 'Too many requests; try again shortly.', { status: 429, retryAfterMs: fault.retryAfterMs });
    }
    if (fault?.kind === 'lost-before-processing') throw lost(fault.as);
    const finish = accept();
    switch (fault?.kind) {
      case undefined:
        return finish();
      case 'lost-after-processing':
        finish();
        throw lost(fault.as);
      case 'error-after-processing':
        finish();
        throw fault.error;
      case 'working':
        if (fault.ms === undefined) held.push(finish);
        else later(fault.ms, finish);
        throw lost(fault.as);
      case 'slow':
        return new Promise<T>((resolve, reject) => {
          if (!fault.deaf) signal?.addEventListener('abort', () => reject(cancelled()));
          later(fault.ms, () => resolve(finish()));
        });
      case 'hang':
        held.push(finish);
        return new Promise<T>((_, reject) => signal?.addEventListener('abort', () => reject(cancelled())));
    }
  }

  function accept(id: string, text: string): () => Reply {
    const found = conversation(id);
    // A strict JSON decoder refuses lone surrogates (half an emoji).
    if (!text.trim() || Array.from(text).length > CONTRACT_MAX_LENGTH || LONE_SURROGATE.test(text)) {
      throw new ApiError('validation', 'The message field is invalid.', { status: 422, fields: { message: ['invalid'] } });
    }
    if (found.type === 'widget' && assistants[found.assistantId]?.funded === false) {
      throw new ApiError('insufficient_balance', 'Insufficient balance', { status: 400 });
    }
    found.history.push({ role: 'user', content: text });
    return () => {
      const reply = client.respond(text);
      found.history.push({ role: 'assistant', content: reply.message, function_calls: reply.functionCalls });
      return reply;
    };
  }

  const client: FakeClient = {
    requests,
    conversations,
    respond: (text) => ({ message: `You said: ${text}`, functionCalls: [] }),

    createConversation(input, callOptions?: CallOptions) {
      requests.push({
        route: 'create',
        assistantId: input.assistantId,
        type: input.type,
        ...(input.variables ? { variables: input.variables } : {}),
      });
      return handle('create', callOptions?.signal, () => {
        const assistant = assistants[input.assistantId];
        if (!assistant) throw new ApiError('not_found', 'Assistant not found', { status: 404 });
        if (input.type === 'widget' && assistant.funded === false) {
          throw new ApiError('insufficient_balance', 'Insufficient balance', { status: 400 });
        }
        const id = `${(++count).toString(16).padStart(8, '0')}-0000-4000-8000-${'c'.repeat(12)}`;
        const history: WireMessage[] = assistant.greeting ? [{ role: 'assistant', content: assistant.greeting }] : [];
        conversations.set(id, { assistantId: input.assistantId, type: input.type, history });
        return () => ({ conversationId: id, history: structuredClone(history) });
      });
    },

    getConversation(conversationId, callOptions) {
      requests.push({ route: 'get', conversationId });
      return handle('get', callOptions?.signal, () => {
        if (!isUuid(conversationId)) throw new ApiError('validation', 'The conversation id must be a UUID.');
        const history = structuredClone(conversation(conversationId).history);
        return () => history;
      });
    },

    sendMessage(conversationId, message, callOptions) {
      requests.push({ route: 'send', conversationId, message });
      return handle('send', callOptions?.signal, () => accept(conversationId, message));
    },

    failNext(route, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ route, fault });
    },
    history: (id) => structuredClone(conversation(id).history),
    calls: (route) => requests.filter((r) => r.route === route),
    say(id, text) {
      accept(id, text)();
    },
    forget(id) {
      conversations.delete(id.toLowerCase());
    },
    finishWork() {
      const work = held;
      held = [];
      for (const finish of work) finish();
    },
  };
  return client;
}
