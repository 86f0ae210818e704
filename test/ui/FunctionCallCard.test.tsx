import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FunctionCallPart } from '../../src/model';
import { humanizeName } from '../../src/ui/format';
import { FunctionCallCard } from '../../src/ui/FunctionCallCard';
import { en } from '../../src/ui/strings';

afterEach(cleanup);

function card(part: Partial<FunctionCallPart>) {
  const full: FunctionCallPart = { type: 'function_call', name: 'check_calendar_availability', arguments: {}, result: {}, state: 'success', ...part };
  render(<FunctionCallCard id="card" part={full} strings={en} />);
  return screen.getByRole('button', { expanded: false });
}

function expand(part: Partial<FunctionCallPart>) {
  fireEvent.click(card(part));
  return screen.getByRole('group');
}

describe('function-call card', () => {
  it('names the call in words and says it succeeded, in text', () => {
    const button = card({});
    expect(button.textContent).toContain('Check calendar availability');
    expect(button.textContent).toContain('Done');
  });

  it('says a failed call failed, in text', () => {
    expect(card({ state: 'error', name: 'cancel_appointment' }).textContent).toContain('Failed');
  });

  it('expands to the arguments and the result', () => {
    const button = card({
      arguments: { date: '2024-05-01', duration_minutes: 30 },
      result: { available: true, slots: ['09:00', '10:30'] },
    });
    expect(screen.queryByText('2024-05-01')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByRole('group', { name: 'Details of Check calendar availability' });
    expect(button.getAttribute('aria-controls')).toBe(details.id);
    expect(within(details).getByText('Arguments')).toBeTruthy();
    expect(within(details).getByText('date').nextSibling!.textContent).toBe('2024-05-01');
    expect(within(details).getByText('duration_minutes').nextSibling!.textContent).toBe('30');
    expect(within(details).getByText('available').nextSibling!.textContent).toBe('true');
    const slots = within(details).getByText('slots').nextElementSibling!;
    expect(slots.tagName).toBe('OL');
    expect([...slots.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['09:00', '10:30']);

    fireEvent.click(button);
    expect(screen.queryByText('2024-05-01')).toBeNull();
  });

  it('shows nulls and empty values', () => {
    const details = expand({ result: { note: null, tags: [], extra: {} } });
    expect(within(details).getByText('note').nextSibling!.textContent).toBe('null');
    expect(within(details).getByText('tags').nextSibling!.textContent).toBe('None');
    expect(within(details).getByText('extra').nextSibling!.textContent).toBe('None');
  });

  it('cuts a huge string short behind "Show more"', () => {
    const long = 'a'.repeat(100_000);
    const details = expand({ result: { text: long } });
    expect(details.textContent.length).toBeLessThan(1000);
    fireEvent.click(within(details).getByRole('button', { name: 'Show more' }));
    expect(details.textContent).toContain(long);
  });

  it('shows the first items of a long array and how many more there are', () => {
    const items = Array.from({ length: 300 }, (_, i) => `item ${i}`);
    const details = expand({ result: { items } });
    expect(within(details).getByText('item 19')).toBeTruthy();
    expect(within(details).queryByText('item 20')).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Show more (280 left)' }));
    expect(within(details).getByText('item 39')).toBeTruthy();
    // The pressed button is gone; focus moved to what it revealed instead of being lost.
    expect((document.activeElement as HTMLElement).contains(within(details).getByText('item 20'))).toBe(true);
    expect(within(details).getByRole('button', { name: 'Show more (260 left)' })).toBeTruthy();
  });

  it('collapses deep nesting behind a marker that expands it', () => {
    let deep: Record<string, unknown> = { bottom: 'treasure' };
    for (let i = 0; i < 50; i++) deep = { [`level${i}`]: deep };
    const details = expand({ result: deep });
    expect(within(details).queryByText('treasure')).toBeNull();
    let guard = 0;
    while (!within(details).queryByText('treasure') && guard++ < 20) {
      fireEvent.click(within(details).getByRole('button', { name: /Show nested data/ }));
    }
    expect(within(details).getByText('treasure')).toBeTruthy();
  });

  it('keeps wide and deep data small', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`k${i}`, Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`j${j}`, { x: [1, 2, 3] }]))]),
    );
    const details = expand({ result: wide });
    expect(details.querySelectorAll('li').length).toBeLessThan(1000);
  });

  it('shows names and values with markup as text', () => {
    const button = card({ name: '<img src=x onerror=alert(1)>', result: { '<b>key</b>': '<script>alert(1)</script>' } });
    fireEvent.click(button);
    const details = screen.getByRole('group');
    expect(details.querySelector('img, script, b')).toBeNull();
    expect(within(details).getByText('<b>key</b>')).toBeTruthy();
    expect(within(details).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('humanizeName', () => {
  it.each([
    ['check_calendar_availability', 'Check calendar availability'],
    ['lookupOrder', 'Lookup order'],
    ['getHTTPResponse', 'Get HTTP response'],
    ['lookupOrderByID', 'Lookup order by ID'],
    ['send-email', 'Send email'],
    ['SEND_EMAIL', 'Send email'],
    ['v2Search', 'V2 search'],
    ['', ''],
  ])('%j → %j', (name, words) => {
    expect(humanizeName(name)).toBe(words);
  });
});
