/**
 * The playground's state around "Use my assistants" and the demo assistants: what an assistant's look
 * does to the settings, what starts a conversation, and where the owner's API key does (not) end up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ASSISTANTS } from '../../demo/playground/assistants';
import { createDataLayerLog } from '../../demo/playground/data-layer-log';
import { createSettingsPersistence } from '../../demo/playground/persistence';
import { extrasProblems } from '../../demo/playground/settings';
import { createPlayground, type Playground } from '../../demo/playground/state';
import { fakeAccountApi, fakeMount, playgroundDeps, recordingPersistence, type FakeAssistantRecord } from './fakes';

const KEY = 'sk-live-7Gq2-SECRET-owner-key';
const HARBOURSIDE: FakeAssistantRecord = {
  uuid: 'dcf74b3f-c689-442f-9a2d-c61e3845eff0',
  name: 'Harbourside',
  widget_settings: { theme: null, color: '#BE123C', position: 'left-top' },
};
/** Twelve assistants: two pages of the API's default ten. */
const OWNED: FakeAssistantRecord[] = [
  HARBOURSIDE,
  ...Array.from({ length: 11 }, (_, i) => ({ uuid: `00000000-0000-4000-8000-0000000000${String(i + 10)}`, name: `Branch ${i + 1}` })),
];

let pg: Playground | undefined;
afterEach(() => {
  pg?.dispose();
  pg = undefined;
});

function setUp() {
  const widgets = fakeMount();
  const accountApi = fakeAccountApi(KEY, OWNED);
  const deps = playgroundDeps({ mount: widgets.mount, fetch: accountApi.fetch });
  pg = createPlayground(deps);
  pg.live.setTarget(document.createElement('div'));
  return { pg, widgets: widgets.widgets, saved: deps.persistence.saved, requests: accountApi.requests };
}

describe('Use my assistants', () => {
  it('lists every page of the owner’s assistants from the API base in the settings', async () => {
    const { pg, requests } = setUp();
    await pg.listAccountAssistants(KEY);
    const state = pg.account.state.value;
    expect(state.status === 'ready' && state.assistants.map((a) => a.name)).toEqual(OWNED.map((a) => a.name));
    expect(requests.map((r) => r.url)).toEqual(['/api/user/assistants/get?per_page=10&page=1', '/api/user/assistants/get?per_page=10&page=2']);
  });

  it('previews the picked assistant with its look; what it does not set keeps the current value', async () => {
    const { pg, widgets } = setUp();
    pg.update({ theme: 'dark', color: '#123456', position: 'bottom-right', type: 'widget' });
    await pg.listAccountAssistants(KEY);
    const state = pg.account.state.value;
    if (state.status !== 'ready') throw new Error('not listed');

    await pg.useAccountAssistant(state.assistants[0]!);
    expect(pg.settings.value).toMatchObject({ assistantId: HARBOURSIDE.uuid, type: 'test', theme: 'dark', color: '#be123c', position: 'top-left' });

    const last = widgets.at(-1)!;
    expect(last.options).toMatchObject({ assistantId: HARBOURSIDE.uuid, type: 'test', theme: 'dark', color: '#be123c', position: 'top-left' });
    expect(last.handle.reset).toHaveBeenCalledTimes(1);
    expect(last.handle.isOpen).toBe(true);
  });

  it('keeps the key out of the saved settings, the link, the snippets, the widget and the page state', async () => {
    const { pg, widgets, saved } = setUp();
    await pg.listAccountAssistants(KEY);
    const state = pg.account.state.value;
    if (state.status !== 'ready') throw new Error('not listed');
    await pg.useAccountAssistant(state.assistants[0]!);

    const everywhere = JSON.stringify({
      saved,
      scriptTag: pg.scriptTag.value,
      npmUsage: pg.npmUsage.value,
      settings: pg.settings.value,
      mountOptions: widgets.map((w) => w.options),
      account: pg.account.state.value,
    });
    expect(saved.length).toBeGreaterThan(0);
    expect(everywhere).not.toContain(KEY);
    expect(everywhere).not.toContain('SECRET');
  });

  it('sends the key only with the list requests, to the chosen API base', async () => {
    const { pg, requests } = setUp();
    pg.update({ apiBase: 'https://api.example.com/v2/' });
    await pg.listAccountAssistants(KEY);
    expect(requests.length).toBe(2);
    for (const request of requests) {
      expect(request.url.startsWith('https://api.example.com/v2/user/assistants/get?')).toBe(true);
      expect(request.headers.Authorization).toBe(`Bearer ${KEY}`);
    }
  });

  it('tells a refused key apart, and keeps nothing of it', async () => {
    const { pg } = setUp();
    await pg.listAccountAssistants('wrong-key');
    expect(pg.account.state.value).toEqual({ status: 'failed', apiBase: '/api', problem: 'unauthorized', httpStatus: 401, message: undefined });
  });

  it('forgets the list when the API base changes: it belongs to the API it came from', async () => {
    const { pg } = setUp();
    await pg.listAccountAssistants(KEY);
    expect(pg.account.state.value.status).toBe('ready');
    pg.update({ apiBase: 'https://api.example.com' });
    expect(pg.account.state.value).toEqual({ status: 'idle' });
  });
});

describe('the demo assistants', () => {
  it('bring their look when picked, and free test conversations', async () => {
    const { pg, widgets } = setUp();
    pg.update({ theme: 'auto', color: '#123456', position: 'top-right', type: 'widget' });
    pg.pickDemoAssistant(DEMO_ASSISTANTS[1]);
    expect(pg.settings.value).toMatchObject({
      assistantId: DEMO_ASSISTANTS[1].id,
      type: 'test',
      theme: 'dark',
      color: '#4f46e5',
      position: 'bottom-left',
    });
    // Quick changes reach the widget together, after a short pause.
    await vi.waitFor(() =>
      expect(widgets.at(-1)?.options).toMatchObject({ assistantId: DEMO_ASSISTANTS[1].id, theme: 'dark', position: 'bottom-left' }),
    );
  });
});

describe('the welcome and consent controls', () => {
  it('reach the live widget as its options, and come back from the saved link', async () => {
    const { pg, widgets, saved } = setUp();
    pg.update({
      subtitle: 'We answer within a minute.',
      avatar: 'https://images.example/helper.png',
      starters: 'Opening hours?\nBook a visit',
      disclaimer: 'See our [privacy policy](https://clinic.example/privacy).',
      consentRequired: true,
      prechat: '[{"name": "email", "label": "Email", "type": "email", "required": true}]',
    });
    await vi.waitFor(() =>
      expect(widgets.at(-1)?.options).toMatchObject({
        subtitle: 'We answer within a minute.',
        avatar: 'https://images.example/helper.png',
        starters: ['Opening hours?', 'Book a visit'],
        disclaimer: 'See our [privacy policy](https://clinic.example/privacy).',
        consent: 'required',
        prechat: [{ name: 'email', label: 'Email', type: 'email', required: true }],
      }),
    );
    const link = saved.at(-1)!;
    pg.dispose();
    const again = createPlayground(playgroundDeps({ persistence: { ...recordingPersistence(), load: () => link } }));
    expect(again.settings.value).toMatchObject({
      starters: 'Opening hours?\nBook a visit',
      consentRequired: true,
      subtitle: 'We answer within a minute.',
    });
    again.dispose();
  });
});

describe('the extras', () => {
  it('reach the live widget as its options while on, and none of them while off', async () => {
    const { pg, widgets } = setUp();
    const extras = ['teaser', 'teaserDelay', 'openAfter', 'size', 'transcript', 'analytics', 'voice', 'sound'];
    expect(Object.keys(widgets.at(-1)!.options).filter((key) => extras.includes(key))).toEqual([]);
    pg.update({
      teaser: 'Questions? Ask us.',
      teaserDelay: '8s',
      openAfter: '30s',
      size: 'expandable',
      transcript: true,
      analytics: true,
      dictation: true,
      sound: true,
    });
    await vi.waitFor(() =>
      expect(widgets.at(-1)?.options).toMatchObject({
        teaser: 'Questions? Ask us.',
        teaserDelay: '8s',
        openAfter: '30s',
        size: 'expandable',
        transcript: true,
        analytics: 'dataLayer',
        voice: 'dictation',
        sound: 'on',
      }),
    );
  });

  it('give the widget no time it could not read, and say why beside the field', () => {
    const { pg } = setUp();
    pg.update({ teaser: 'Hi!', teaserDelay: 'soon', openAfter: '30 sec' });
    expect(pg.mountOptions.value).not.toHaveProperty('teaserDelay');
    expect(pg.mountOptions.value).not.toHaveProperty('openAfter');
    expect(extrasProblems(pg.settings.value)).toEqual({
      teaserDelay: 'Not a time the widget reads: write it like 800ms, 8s or 2m.',
      openAfter: 'Not a time the widget reads: write it like 800ms, 8s or 2m.',
    });
  });

  it('come back after a reload from the hash, and from storage when the link has no hash', () => {
    const hash = { value: '' };
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    const location = { read: () => hash.value, write: (next: string) => void (hash.value = next), subscribe: () => () => undefined };
    const chosen = {
      teaser: 'Questions? Ask us.',
      teaserDelay: '8s',
      openAfter: '45s',
      size: 'large' as const,
      transcript: true,
      analytics: true,
      dictation: true,
      sound: true,
    };
    const first = createPlayground(playgroundDeps({ persistence: createSettingsPersistence({ location, storage }) }));
    first.update(chosen);
    first.dispose();

    const fromHash = createPlayground(playgroundDeps({ persistence: createSettingsPersistence({ location, storage }) }));
    expect(fromHash.settings.value).toMatchObject(chosen);
    fromHash.dispose();

    hash.value = '';
    const fromStorage = createPlayground(playgroundDeps({ persistence: createSettingsPersistence({ location, storage }) }));
    expect(fromStorage.settings.value).toMatchObject(chosen);
    fromStorage.dispose();
  });

  it('keep a first visit’s link free of them while they are off', () => {
    const { pg, saved } = setUp();
    pg.update({ title: 'Ask us' });
    expect(saved.at(-1)).toBe('title=Ask+us');
  });
});

describe('the analytics log', () => {
  it('lists what the widget pushes to the page’s dataLayer while analytics is on, newest first', () => {
    const win: Record<string, unknown> = {};
    let now = Date.UTC(2026, 0, 5, 9, 30, 0);
    const deps = playgroundDeps({ dataLayerLog: createDataLayerLog({ win, now: () => now }) });
    pg = createPlayground(deps);
    expect(win.dataLayer).toBeUndefined();

    pg.update({ analytics: true });
    // The widget's way: whatever push the page's array has.
    const layer = win.dataLayer as unknown[] & { push: (entry: unknown) => number };
    layer.push({ event: 'assistant_chat_open', assistant_id: 'a1' });
    now += 2000;
    layer.push({ event: 'assistant_chat_error', assistant_id: 'a1', error_kind: 'network' });
    expect(pg.dataLayerLog.entries.value.map(({ event, at, details }) => ({ event, at, details }))).toEqual([
      { event: 'assistant_chat_error', at: now, details: 'assistant_id: a1, error_kind: network' },
      { event: 'assistant_chat_open', at: now - 2000, details: 'assistant_id: a1' },
    ]);
    // Every entry is still in the data layer, for the tag manager.
    expect(layer).toHaveLength(2);

    pg.update({ analytics: false });
    expect(pg.dataLayerLog.entries.value).toEqual([]);
    layer.push({ event: 'assistant_chat_close', assistant_id: 'a1' });
    expect(pg.dataLayerLog.entries.value).toEqual([]);
    expect(layer).toHaveLength(3);
  });
});

describe('starting a new visit', () => {
  it('forgets the dismissed teaser and the opened chat of this tab, and shows the widget afresh, closed', () => {
    const session = new Map<string, string>([
      ['assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@http://127.0.0.1:5173/api:teaser', '1'],
      ['assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@http://127.0.0.1:5173/api:opened', '1'],
      ['assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@http://127.0.0.1:5173/api:outbox', '[]'],
      ['someone-else:teaser', 'kept'],
    ]);
    const visitStorage = {
      get length() {
        return session.size;
      },
      key: (index: number) => [...session.keys()][index] ?? null,
      removeItem: (key: string) => void session.delete(key),
    };
    const widgets = fakeMount();
    pg = createPlayground(playgroundDeps({ mount: widgets.mount, visitStorage }));
    pg.live.setTarget(document.createElement('div'));
    pg.update({ teaser: 'Hi!', openAfter: '30s' });
    widgets.widgets.at(-1)!.handle.open();
    const before = widgets.widgets.length;

    pg.replayNudges();
    expect([...session.keys()]).toEqual([
      'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@http://127.0.0.1:5173/api:outbox',
      'someone-else:teaser',
    ]);
    expect(widgets.widgets).toHaveLength(before + 1);
    expect(widgets.widgets.at(-2)!.handle.destroy).toHaveBeenCalled();
    expect(widgets.widgets.at(-1)!.handle.isOpen).toBe(false);
  });
});
