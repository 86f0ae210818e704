import type { ComponentChild } from 'preact';
import { fill, type Strings } from './strings';
import { Reveal } from './Reveal';

/** Limits that keep odd data cheap to show: items per list, characters per string, depth, values per reveal. */
const ITEMS = 20;
const TEXT = 160;
const DEPTH = 4;
const BUDGET = 150;

type Budget = { left: number };
type Container = unknown[] | Record<string, unknown>;

function size(value: Container): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

function renderValue(value: unknown, depth: number, budget: Budget, strings: Strings): ComponentChild {
  budget.left--;
  if (value === null || value === undefined) return <span class="v null">null</span>;
  if (typeof value === 'string') {
    if (value.length <= TEXT) return <span class="v">{value}</span>;
    return (
      <span class="v">
        {value.slice(0, TEXT)}
        <Reveal inline before="… " label={strings.showMore} render={() => value.slice(TEXT)} />
      </span>
    );
  }
  if (typeof value !== 'object') return <span class="v">{String(value)}</span>;
  const container = value as Container;
  const count = size(container);
  if (count === 0) return <span class="v null">{strings.empty}</span>;
  if (depth >= DEPTH || budget.left <= 0) {
    return (
      <Reveal
        inline
        label={fill(strings.expandNested, { n: count })}
        render={() => renderEntries(container, 0, 0, { left: BUDGET }, strings)}
      />
    );
  }
  return renderEntries(container, 0, depth, budget, strings);
}

function renderEntries(value: Container, from: number, depth: number, budget: Budget, strings: Strings): ComponentChild {
  const keys = Array.isArray(value) ? null : Object.keys(value);
  const count = keys ? keys.length : (value as unknown[]).length;
  const to = Math.min(count, from + ITEMS);
  const items: ComponentChild[] = [];
  for (let i = from; i < to; i++) {
    const key = keys ? keys[i]! : null;
    const item = key === null ? (value as unknown[])[i] : (value as Record<string, unknown>)[key];
    items.push(
      <li>
        {key !== null && <span class="k">{key}</span>}
        {renderValue(item, depth + 1, budget, strings)}
      </li>,
    );
  }
  const rest = count - to;
  return (
    <>
      {keys ? <ul class="tree">{items}</ul> : <ol class="tree" start={from + 1}>{items}</ol>}
      {rest > 0 && (
        <Reveal
          label={fill(strings.moreItems, { n: rest })}
          render={() => renderEntries(value, to, depth, { left: BUDGET }, strings)}
        />
      )}
    </>
  );
}

/**
 * A JSON value as a readable key/value tree: nested lists with keys, `null` shown, long strings and long
 * lists cut short behind "show more", deep nesting collapsed behind a button. Everything is text.
 */
export function FunctionCallTree({ value, strings }: { value: unknown; strings: Strings }) {
  return <>{renderValue(value, 0, { left: BUDGET }, strings)}</>;
}
