/**
 * The cards of the functions a reply ran, with their stylesheet: a chunk of its own, loaded the first time a
 * message with function calls is shown (src/ui/cards.ts), so a chat whose assistant runs no tools never
 * downloads it.
 */
import type { FunctionCallPart } from '../model';
import { FunctionCallCard } from './FunctionCallCard';
import { Reveal } from './Reveal';
import { fill, type Strings } from './strings';
import cardsCss from './function-calls.css?inline';

/** The cards' stylesheet, for the shadow root of the panel that shows them. */
export const css: string = cardsCss;

/** Function-call cards shown at first, and how many more each "And N more" shows. */
const CARDS_SHOWN = 3;
const CARDS_PER_REVEAL = 20;

/** Props of {@link FunctionCalls}. */
export interface FunctionCallsProps {
  calls: FunctionCallPart[];
  /** The message's id: the cards' ids start with it. */
  id: string;
  strings: Strings;
  /** The first card to show, and how many (default: the first few). */
  from?: number;
  count?: number;
}

/**
 * Cards of the functions a reply ran: a few, then a button "And N more" that shows the next ones (and moves
 * focus to them). A reply with thousands of calls costs no more than a few cards until the visitor asks.
 */
export function FunctionCalls({ calls, id, strings, from = 0, count = CARDS_SHOWN }: FunctionCallsProps) {
  const end = from + count;
  return (
    <>
      {calls.slice(from, end).map((part, index) => (
        <FunctionCallCard key={index} id={`${id}-${from + index}`} part={part} strings={strings} />
      ))}
      {end < calls.length && (
        <Reveal
          label={fill(strings.moreCalls, { n: (calls.length - end).toLocaleString() })}
          render={() => <FunctionCalls calls={calls} id={id} strings={strings} from={end} count={CARDS_PER_REVEAL} />}
        />
      )}
    </>
  );
}
