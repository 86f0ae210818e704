import { describe, expect, test } from 'vitest';
import type { WireMessage } from '../../src/api/types';
import { reconcile, type Verdict } from '../../src/store/reconcile';

const u = (content: string): WireMessage => ({ role: 'user', content });
const a = (content: string): WireMessage => ({ role: 'assistant', content });

interface Case {
  name: string;
  snapshot: number;
  history: WireMessage[];
  text: string;
  expected: Verdict['outcome'];
  index?: number;
  replyIndex?: number;
  ambiguous?: boolean;
}

const cases: Case[] = [
  { name: 'nothing after the snapshot: not landed', snapshot: 1, history: [a('Hi')], text: 'yes', expected: 'not-landed' },
  {
    name: 'landed and answered',
    snapshot: 1,
    history: [a('Hi'), u('yes'), a('Great')],
    text: 'yes',
    expected: 'landed-with-reply',
    index: 1,
    replyIndex: 2,
    ambiguous: false,
  },
  {
    name: 'landed, the reply still missing (assistant working)',
    snapshot: 1,
    history: [a('Hi'), u('book a table')],
    text: 'book a table',
    expected: 'landed-waiting',
    index: 1,
  },
  {
    name: 'a repeated text before the snapshot does not count ("yes" sent twice)',
    snapshot: 3,
    history: [a('Hi'), u('yes'), a('Sure?')],
    text: 'yes',
    expected: 'not-landed',
  },
  {
    name: 'a repeated text: the second "yes" after the snapshot is this one',
    snapshot: 3,
    history: [a('Hi'), u('yes'), a('Sure?'), u('yes'), a('Done')],
    text: 'yes',
    expected: 'landed-with-reply',
    index: 3,
    replyIndex: 4,
  },
  {
    name: "another tab's different message after the snapshot is not this one",
    snapshot: 1,
    history: [a('Hi'), u('from the other tab'), a('Answer to the other tab')],
    text: 'mine',
    expected: 'not-landed',
  },
  {
    name: "another tab's exchange first, then this message answered",
    snapshot: 1,
    history: [a('Hi'), u('other'), a('re: other'), u('mine'), a('re: mine')],
    text: 'mine',
    expected: 'landed-with-reply',
    index: 3,
    replyIndex: 4,
  },
  {
    name: "this message, then another tab's message before any reply: waits",
    snapshot: 1,
    history: [a('Hi'), u('mine'), u('other')],
    text: 'mine',
    expected: 'landed-waiting',
    index: 1,
  },
  {
    name: "this message and another tab's, then one reply: it may be the other's, so it waits",
    snapshot: 1,
    history: [a('Hi'), u('mine'), u('other'), a('re: one')],
    text: 'mine',
    expected: 'landed-waiting',
    index: 1,
  },
  {
    name: 'an assistant message with the same text is not this user message',
    snapshot: 1,
    history: [a('Hi'), a('yes')],
    text: 'yes',
    expected: 'not-landed',
  },
  {
    name: 'a text that differs only by a missing space is another message',
    snapshot: 1,
    history: [a('Hi'), u('helloworld'), a('?')],
    text: 'hello world',
    expected: 'not-landed',
  },
  {
    name: 'interleaved replies count once every user message is answered',
    snapshot: 1,
    history: [a('Hi'), u('mine'), u('other'), a('re: one'), a('re: two')],
    text: 'mine',
    expected: 'landed-with-reply',
    index: 1,
    replyIndex: 3,
  },
  {
    name: 'another tab sent the same text: ambiguous, counts as landed',
    snapshot: 1,
    history: [a('Hi'), u('yes'), a('ok')],
    text: 'yes',
    expected: 'landed-with-reply',
    index: 1,
    ambiguous: false,
  },
  {
    name: 'two identical texts after the snapshot, one unanswered: ambiguous and waiting',
    snapshot: 1,
    history: [a('Hi'), u('yes'), a('ok'), u('yes')],
    text: 'yes',
    expected: 'landed-waiting',
    index: 1,
    ambiguous: true,
  },
  {
    name: 'two identical texts after the snapshot, the first answered twice, the second not: ambiguous and waiting',
    snapshot: 1,
    history: [a('Hi'), u('yes'), a('ok'), a('Anything else?'), u('yes')],
    text: 'yes',
    expected: 'landed-waiting',
    index: 1,
    ambiguous: true,
  },
  {
    name: 'two identical texts after the snapshot, both answered',
    snapshot: 1,
    history: [a('Hi'), u('yes'), a('ok'), u('yes'), a('ok again')],
    text: 'yes',
    expected: 'landed-with-reply',
    index: 1,
    replyIndex: 2,
    ambiguous: true,
  },
  {
    name: 'a server that trims or re-spaces the text still matches',
    snapshot: 0,
    history: [u('hello there'), a('Hi')],
    text: '  hello\n there ',
    expected: 'landed-with-reply',
    index: 0,
    replyIndex: 1,
  },
  {
    name: 'a late reply to an earlier message right after the snapshot is not taken for a user message',
    snapshot: 2,
    history: [a('Hi'), u('first'), a('late reply to first'), u('second')],
    text: 'second',
    expected: 'landed-waiting',
    index: 3,
  },
  {
    name: 'a history shorter than the snapshot holds nothing after it',
    snapshot: 5,
    history: [a('Hi'), u('yes')],
    text: 'yes',
    expected: 'not-landed',
  },
  { name: 'an empty history', snapshot: 0, history: [], text: 'hi', expected: 'not-landed' },
];

describe('reconcile', () => {
  test.each(cases)('$name', ({ snapshot, history, text, expected, index, replyIndex, ambiguous }) => {
    const verdict = reconcile({ snapshot, history, text });
    expect(verdict.outcome).toBe(expected);
    if (verdict.outcome === 'not-landed') return;
    if (index !== undefined) expect(verdict.index).toBe(index);
    if (ambiguous !== undefined) expect(verdict.ambiguous).toBe(ambiguous);
    if (verdict.outcome === 'landed-with-reply') {
      if (replyIndex !== undefined) expect(verdict.replyIndex).toBe(replyIndex);
      expect(verdict.reply).toBe(history[verdict.replyIndex]);
    }
  });

  test('a reply carries its function calls', () => {
    const reply: WireMessage = {
      role: 'assistant',
      content: 'Booked',
      function_calls: [{ name: 'book', arguments: { day: 'Mon' }, result: { ok: true } }],
    };
    const verdict = reconcile({ snapshot: 0, history: [u('book'), reply], text: 'book' });
    expect(verdict).toMatchObject({ outcome: 'landed-with-reply', reply });
  });
});
