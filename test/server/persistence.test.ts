// @vitest-environment node
/**
 * The stand-in API's data folder: survives restarts, writes whole files, sets bad files aside.
 */
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { ASSISTANTS, createTempDir, startStandIn, type StandIn } from '../helpers/stand-in';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function tempDir(): Promise<string> {
  const dir = await createTempDir();
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<{ api: StandIn; client: ApiClient }> {
  const api = await startStandIn({ dataDir });
  cleanup.push(() => api.close());
  return { api, client: createApiClient({ baseUrl: api.url, fetch: (url, init) => fetch(url, init) }) };
}

const UNKNOWN_ID = '5a0c8f3e-1111-4222-8333-944455556666';

describe('persistence', () => {
  it('keeps conversations and balances across a restart on the same data folder', async () => {
    const dataDir = await tempDir();
    const first = await start(dataDir);
    const { conversationId } = await first.client.createConversation({
      assistantId: ASSISTANTS.northwind,
      type: 'widget',
      variables: { name: 'Ana' },
    });
    await first.client.sendMessage(conversationId, 'order 42');
    const history = await first.client.getConversation(conversationId);
    const balance = await first.api.balance(ASSISTANTS.northwind);
    await first.api.close();

    const second = await start(dataDir);
    expect(second.api.url).not.toBe(first.api.url);
    expect(await second.client.getConversation(conversationId)).toEqual(history);
    expect(await second.api.balance(ASSISTANTS.northwind)).toBe(balance);

    await second.client.sendMessage(conversationId, 'hello');
    expect(await second.client.getConversation(conversationId)).toHaveLength(history.length + 2);
    expect(await second.api.balance(ASSISTANTS.northwind)).toBe(Math.round((balance - 0.01) * 100) / 100);
  });

  it('writes one whole JSON file per conversation and leaves no temporary files behind', async () => {
    const dataDir = await tempDir();
    const { client } = await start(dataDir);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'widget' })).conversationId);
    await Promise.all(ids.map((id) => client.sendMessage(id, 'book')));

    const files = (await readdir(join(dataDir, 'conversations'))).sort();
    expect(files).toEqual(ids.map((id) => `${id}.json`).sort());
    for (const file of files) {
      const saved = JSON.parse(await readFile(join(dataDir, 'conversations', file), 'utf8'));
      expect(saved).toMatchObject({ version: 1, assistant_id: ASSISTANTS.quiet, type: 'widget' });
      expect(saved.history.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    }
    expect((await readdir(dataDir)).sort()).toEqual(['balances.json', 'conversations']);
  });

  it('keeps each user message next to its reply when messages to one conversation overlap', async () => {
    const { client } = await start(await tempDir());
    const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
    const texts = ['hello', 'order 1', 'cancel', 'help', 'book'];
    await Promise.all(texts.map((text) => client.sendMessage(conversationId, text)));

    const history = await client.getConversation(conversationId);
    expect(history).toHaveLength(10);
    for (let i = 0; i < history.length; i += 2) {
      expect(history[i]?.role).toBe('user');
      expect(history[i + 1]?.role).toBe('assistant');
    }
    expect(
      history
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .sort(),
    ).toEqual([...texts].sort());
  });

  it('sets an unparsable conversation file aside with a warning and answers 404 for it', async () => {
    const dataDir = await tempDir();
    const { api, client } = await start(dataDir);
    const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
    const file = join(dataDir, 'conversations', `${conversationId}.json`);
    await writeFile(file, '{"version":1,"id":"' + conversationId.slice(0, 10));

    const error = await client.getConversation(conversationId).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'not_found' });
    const files = await readdir(join(dataDir, 'conversations'));
    expect(files).toEqual([expect.stringMatching(new RegExp(`^${conversationId}\\.json\\.corrupt-\\d+$`))]);
    expect(await readFile(join(dataDir, 'conversations', files[0]!), 'utf8')).toContain('"version":1');
    expect(api.warnings).toEqual([expect.stringContaining('invalid JSON')]);

    // The server carries on.
    const next = await client.createConversation({ assistantId: ASSISTANTS.northwind, type: 'test' });
    expect(await client.getConversation(next.conversationId)).toHaveLength(1);
  });

  it('sets aside a conversation file of the wrong shape, and one that is a folder', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'conversations'), { recursive: true });
    await writeFile(join(dataDir, 'conversations', `${UNKNOWN_ID}.json`), JSON.stringify({ version: 1, id: UNKNOWN_ID, history: 'nope' }));
    const folderId = '6b1c8f3e-1111-4222-8333-944455556666';
    await mkdir(join(dataDir, 'conversations', `${folderId}.json`));
    const { api, client } = await start(dataDir);

    expect(await client.getConversation(UNKNOWN_ID).catch((e: unknown) => e)).toMatchObject({ kind: 'not_found' });
    expect(await client.sendMessage(folderId, 'hi').catch((e: unknown) => e)).toMatchObject({ kind: 'not_found' });
    expect((await readdir(join(dataDir, 'conversations'))).every((f) => /\.corrupt-\d+$/.test(f))).toBe(true);
    expect(api.warnings).toHaveLength(2);
    expect(api.warnings[0]).toContain('unexpected content');
  });

  it('falls back to the fixture balances when balances.json is corrupt, and sets it aside', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'balances.json'), 'not json at all');
    const { api } = await start(dataDir);
    expect(await api.balance(ASSISTANTS.northwind)).toBe(25);
    expect(await api.balance(ASSISTANTS.unfunded)).toBe(0);
    expect((await readdir(dataDir)).some((f) => /^balances\.json\.corrupt-\d+$/.test(f))).toBe(true);
    expect(api.warnings).toEqual([expect.stringContaining('balances.json')]);
  });

  it('creates the data folder when it does not exist yet', async () => {
    const dataDir = join(await tempDir(), 'nested', 'data');
    const { client } = await start(dataDir);
    const { conversationId } = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' });
    expect(await readdir(join(dataDir, 'conversations'))).toEqual([`${conversationId}.json`]);
  });
});
