import type { ComponentChild } from 'preact';
import { fill, type Strings } from './strings';
import { Reveal } from './Reveal';

/** Limits that keep odd data cheap to show: items per list, characters per string, depth, values per reveal. */
const ITEMS = 20;
const TEXT = 160;
const DEPTH = 4;
const BUDGET = 150;

type Budget = { left: number };

function renderValue(value: unknown, depth: number, budget: Budget, strings: Strings): ComponentChild {
  budget.left--;
  if (value === null || value === undefined) return <span class="tree-value tree-empty">null</span>;
  if (typeof value !== 'object') {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a number, text, a flag: not an object
    const text = String(value);
    return (
      <span class="tree-value">
        {text.slice(0, TEXT)}
        {text.length > TEXT && <Reveal inline before="… " label={strings.showMore} render={() => text.slice(TEXT)} />}
      </span>
    );
  }
  const count = Object.keys(value).length;
  if (!count) return <span class="tree-value tree-empty">{strings.empty}</span>;
  if (depth >= DEPTH || budget.left <= 0) {
    return <Reveal inline label={fill(strings.expandNested, { n: count })} render={() => renderEntries(value, 0, 0, { left: BUDGET }, strings)} />;
  }
  return renderEntries(value, 0, depth, budget, strings);
}

// Arrays too: their keys are the indexes, shown by the numbers of an ordered list instead.
function renderEntries(value: object, from: number, depth: number, budget: Budget, strings: Strings): ComponentChild {
  const list = Array.isArray(value);
  const keys = Object.keys(value);
  const to = Math.min(keys.length, from + ITEMS);
  const items = keys.slice(from, to).map((key) => (
    <li>
      {!list && <span class="tree-key">{key}</span>}
      {renderValue((value as Record<string, unknown>)[key], depth + 1, budget, strings)}
    </li>
  ));
  const rest = keys.length - to;
  return (
    <>
      {list ? (
        <ol class="value-tree" start={from + 1}>
          {items}
        </ol>
      ) : (
        <ul class="value-tree">{items}</ul>
      )}
      {rest > 0 && <Reveal label={fill(strings.moreItems, { n: rest })} render={() => renderEntries(value, to, depth, { left: BUDGET }, strings)} />}
    </>
  );
}

/**
 * A JSON value as a readable key/value tree: nested lists with keys, `null` shown, long strings and long
 * lists cut short behind "show more", deep nesting collapsed behind a button. Everything is text.
 */
export function FunctionCallTree({ value, strings }: { value: unknown; strings: Strings }) {
  return renderValue(value, 0, { left: BUDGET }, strings);
}
