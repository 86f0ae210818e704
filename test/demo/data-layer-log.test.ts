/**
 * The playground's log of the data layer: it sees what is pushed the way a tag manager does, leaves every entry
 * in the page's array, and hands the array back as it found it.
 */
import { describe, expect, it } from 'vitest';
import { clockTime, createDataLayerLog, MAX_ENTRIES } from '../../demo/playground/data-layer-log';

describe('the data layer log', () => {
  it('watches the page’s own array, and its tag manager’s push still gets every entry', () => {
    const received: unknown[] = [];
    const existing = Object.assign([{ 'gtm.start': 1 }], { push: (entry: unknown) => received.push(entry) });
    const win: Record<string, unknown> = { dataLayer: existing };
    const log = createDataLayerLog({ win, now: () => 0 });
    log.watch();
    (win.dataLayer as { push: (entry: unknown) => void }).push({ event: 'assistant_chat_open', assistant_id: 'a1' });
    expect(win.dataLayer).toBe(existing);
    expect(received).toEqual([{ event: 'assistant_chat_open', assistant_id: 'a1' }]);
    expect(log.entries.value.map((entry) => entry.event)).toEqual(['assistant_chat_open']);
  });

  it('gives the array its push back when it stops, and sees nothing more', () => {
    const win: Record<string, unknown> = {};
    const log = createDataLayerLog({ win, now: () => 0 });
    log.watch();
    const layer = win.dataLayer as unknown[];
    expect(Object.prototype.hasOwnProperty.call(layer, 'push')).toBe(true);
    log.stop();
    expect(Object.prototype.hasOwnProperty.call(layer, 'push')).toBe(false);
    layer.push({ event: 'assistant_chat_close' });
    expect(log.entries.value).toEqual([]);
    expect(layer).toEqual([{ event: 'assistant_chat_close' }]);
  });

  it('watches the new array when the page replaced it', () => {
    const win: Record<string, unknown> = {};
    const log = createDataLayerLog({ win, now: () => 0 });
    log.watch();
    win.dataLayer = [];
    log.watch();
    (win.dataLayer as unknown[]).push({ event: 'assistant_chat_reply' }, 'not an object');
    expect(log.entries.value.map((entry) => entry.event)).toEqual(['(no event)', 'assistant_chat_reply']);
  });

  it(`keeps the newest ${MAX_ENTRIES} entries, and forgets them on clear while the data layer keeps them`, () => {
    const win: Record<string, unknown> = {};
    const log = createDataLayerLog({ win, now: () => 0 });
    log.watch();
    for (let n = 1; n <= MAX_ENTRIES + 5; n++) (win.dataLayer as unknown[]).push({ event: `event_${n}` });
    expect(log.entries.value).toHaveLength(MAX_ENTRIES);
    expect(log.entries.value[0]?.event).toBe(`event_${MAX_ENTRIES + 5}`);
    log.clear();
    expect(log.entries.value).toEqual([]);
    expect(win.dataLayer).toHaveLength(MAX_ENTRIES + 5);
  });

  it('shows a time as hours, minutes and seconds of the owner’s clock', () => {
    expect(clockTime(new Date(2026, 0, 5, 9, 3, 7).getTime())).toBe('09:03:07');
  });
});
