/**
 * Deciding, from a history read, what became of a message whose send had an unknown outcome
 * (timeout, dropped connection, 5xx). Pure: no I/O, no clock.
 */
import type { WireMessage } from '../api/types';

/** What the store knew when the message went out, and what the server says now. */
export interface ReconcileInput {
  /** How many messages the server's history held (as far as this tab knew) when the message was sent. */
  snapshot: number;
  /** The history read afterwards, oldest first. */
  history: readonly WireMessage[];
  /** The text that was sent. */
  text: string;
}

/**
 * The verdict.
 * - `not-landed`: no user message after the snapshot can be this one; it is safe to offer Retry.
 * - `landed-waiting`: the message is (or may be) on the server, the reply is not there yet.
 * - `landed-with-reply`: the message is (or may be) on the server and answered.
 *
 * `index` is the history position taken for this message and `replyIndex` that of its reply.
 * `ambiguous` is true when several user messages after the snapshot could be this one
 * (another tab sent the same text meanwhile): the message then counts as landed, and the
 * verdict waits until every candidate is answered.
 */
export type Verdict =
  | { outcome: 'not-landed' }
  | { outcome: 'landed-waiting'; index: number; ambiguous: boolean }
  | { outcome: 'landed-with-reply'; index: number; replyIndex: number; reply: WireMessage; ambiguous: boolean };

/**
 * Decides whether a message of unknown outcome reached the server.
 *
 * The decision is by position: only user messages *after* the snapshot can be this one, so
 * an identical text earlier in the conversation ("yes" sent twice) never counts. Text is used
 * only to rule candidates out: a user message after the snapshot whose text differs (after
 * normalizing whitespace and Unicode, so that a server that trims cannot hide a landed message)
 * was sent by another tab. The rules lean towards "landed": resending a message that landed
 * bills it twice, while a message wrongly taken as landed is still visible in the history.
 *
 * A reply is the assistant message right after the candidate, or, when other tabs' messages
 * interleave, the first assistant message after it once every user message from the candidate
 * on has an answer.
 *
 * A history shorter than the snapshot holds nothing after it (histories only grow; a shorter one
 * is not the conversation the snapshot was taken in), so the message did not land there.
 */
export function reconcile({ snapshot, history, text }: ReconcileInput): Verdict {
  const wanted = normalize(text);
  const candidates = history.flatMap((m, i) => (i >= snapshot && m.role === 'user' && normalize(m.content) === wanted ? [i] : []));
  const index = candidates[0];
  if (index === undefined) return { outcome: 'not-landed' };
  const ambiguous = candidates.length > 1;
  // Waits while any candidate (this message among them) is unanswered.
  if (candidates.some((i) => replyOf(history, i) === undefined)) return { outcome: 'landed-waiting', index, ambiguous };
  const replyIndex = replyOf(history, index)!;
  return { outcome: 'landed-with-reply', index, replyIndex, reply: history[replyIndex]!, ambiguous };
}

function replyOf(history: readonly WireMessage[], index: number): number | undefined {
  let open = 0;
  let first: number | undefined;
  for (let i = index; i < history.length; i++) {
    if (history[i]!.role === 'user') open++;
    else {
      open--;
      first ??= i;
    }
  }
  return open <= 0 ? first : undefined;
}

function normalize(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}
