// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInApi, type RunningStandInApi } from '../../demo/server/server.mjs';
import { createTempDir } from '../helpers/stand-in';

describe('the stand-in serves the built widget', () => {
  let dist: string;
  let dataDir: string;
  let server: RunningStandInApi;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'widget-files-'));
    await writeFile(join(dist, 'widget.js'), '/* the launcher */');
    await writeFile(join(dist, 'assistant-chat-panel-abc123.js'), 'export const panel = 1;');
    await writeFile(join(dist, 'secret.json'), '{}');
    dataDir = await createTempDir();
    server = await startStandInApi({ dataDir, distDir: dist, port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives widget.js and the panel it imports to any origin, as JavaScript', async () => {
    for (const [path, body] of [
      ['/widget.js', '/* the launcher */'],
      ['/assistant-chat-panel-abc123.js', 'export const panel = 1;'],
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { Origin: 'https://shop.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toBe(body);
    }
  });

  it('serves nothing else of the folder, and says how to build what is missing', async () => {
    expect((await fetch(server.url + '/secret.json')).status).toBe(404);
    const missing = await fetch(server.url + '/assistant-chat-panel-zzz.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('npm run build');
  });
});
