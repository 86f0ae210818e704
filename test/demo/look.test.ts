/**
 * An assistant's `widget_settings` read into the widget's spellings, and the demo assistants of the
 * playground checked against the stand-in's fixture they stand for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSISTANTS } from '../../demo/playground/assistants';
import { lookOf, withLook } from '../../demo/playground/look';
import { defaultSettings } from '../../demo/playground/settings';

describe('lookOf', () => {
  it('reads the platform’s corner spellings and the widget’s own', () => {
    expect(lookOf({ position: 'left-top' })).toEqual({ position: 'top-left' });
    expect(lookOf({ position: 'right-bottom' })).toEqual({ position: 'bottom-right' });
    expect(lookOf({ position: 'Bottom-Left' })).toEqual({ position: 'bottom-left' });
  });

  it('normalizes colours to #rrggbb and keeps the themes the widget knows', () => {
    expect(lookOf({ theme: 'dark', color: '#0F766E' })).toEqual({ theme: 'dark', color: '#0f766e' });
    expect(lookOf({ color: '#abc', theme: 'auto' })).toEqual({ color: '#aabbcc', theme: 'auto' });
  });

  it('leaves out what is missing, null or not understood', () => {
    expect(lookOf({ theme: null, color: 'teal', position: 'middle', extra: 1 })).toEqual({});
    expect(lookOf(null)).toEqual({});
    expect(lookOf('dark')).toEqual({});
  });
});

describe('withLook', () => {
  it('changes what the look sets and keeps the rest', () => {
    const current = { ...defaultSettings(() => 'id'), theme: 'dark' as const, color: '#123456', title: 'Hi' };
    expect(withLook(current, { position: 'top-left' })).toEqual({ ...current, position: 'top-left' });
    expect(withLook(current, { theme: 'light', color: '#0f766e' })).toEqual({ ...current, theme: 'light', color: '#0f766e' });
  });
});

describe('the demo assistants', () => {
  it('are the stand-in’s, with the looks of its fixture', () => {
    const fixture = JSON.parse(readFileSync('demo/server/assistants.json', 'utf8')) as {
      assistants: Array<{ uuid: string; name: string; widget_settings: unknown }>;
    };
    for (const demo of DEMO_ASSISTANTS) {
      const record = fixture.assistants.find((a) => a.uuid === demo.id);
      expect(record?.name).toBe(demo.name);
      expect(demo.look).toEqual(lookOf(record?.widget_settings));
    }
  });
});
