/**
 * The preview's live widget: which changes mount a new widget, which reach the running one, and what
 * survives a remount (the open panel, the conversation shown).
 */
import { describe, expect, it } from 'vitest';
import { createLiveWidget } from '../../demo/playground/live-widget';
import type { MountOptions } from '../../src/mount';
import { fakeMount } from './fakes';

const OPTIONS: MountOptions = {
  assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10',
  apiBase: '/api',
  type: 'test',
  theme: 'light',
  variables: { name: 'Ada' },
};

function setUp() {
  const { mount, widgets } = fakeMount();
  const live = createLiveWidget({ mount });
  live.setTarget(document.createElement('div'));
  live.show(OPTIONS);
  return { live, widgets };
}

describe('the live widget', () => {
  it('passes new variables to the running widget, for its next conversation', () => {
    const { live, widgets } = setUp();
    live.show({ ...OPTIONS, variables: { name: 'Grace' } });
    expect(widgets).toHaveLength(1);
    expect(widgets[0]?.handle.setVariables).toHaveBeenCalledWith({ name: 'Grace' });
  });

  it('shows a new look with the panel still open and the same conversation', () => {
    const { live, widgets } = setUp();
    widgets[0]?.handle.open();
    widgets[0]?.emit('conversation', { conversationId: 'c-1' });
    live.show({ ...OPTIONS, theme: 'dark' });
    expect(widgets).toHaveLength(2);
    expect(widgets[0]?.handle.destroy).toHaveBeenCalled();
    expect(widgets[1]?.options).toMatchObject({ theme: 'dark', open: true });
    expect(live.conversationId.value).toBe('c-1');
    expect(live.isOpen.value).toBe(true);
  });

  it('starts over for another assistant: the old conversation is no longer shown', () => {
    const { live, widgets } = setUp();
    widgets[0]?.emit('conversation', { conversationId: 'c-1' });
    live.show({ ...OPTIONS, assistantId: '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01' });
    expect(widgets).toHaveLength(2);
    expect(live.conversationId.value).toBeNull();
  });

  it('takes the widget away when the options are not usable', () => {
    const { live, widgets } = setUp();
    live.show(null);
    expect(widgets[0]?.handle.destroy).toHaveBeenCalled();
    expect(live.handle.value).toBeNull();
  });
});
