/**
 * What a site loads, and when: the launcher (dist/widget.js) on every page view, the panel (with its
 * chunks) only when a visitor reaches for the chat. Each has a ceiling this test enforces: a guard against
 * a regression (a dependency pulled in by mistake, a chunk merged back into the panel), not a target. What a
 * visitor feels is measured by `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CEILINGS } from './bench/lib/size.mjs';

const KB = 1024;
// Vitest runs from the project root (npm test, npx vitest).
const dist = join(process.cwd(), 'dist');

function read(name: string): string {
  const path = join(dist, name);
  if (!existsSync(path)) throw new Error(`dist/${name} is missing: run npm run build first.`);
  return readFileSync(path, 'utf8');
}

/** The panel file and the chunks it may import (every script of the build but the launcher). */
function panelFiles(): string[] {
  const names = existsSync(dist) ? readdirSync(dist).filter((name) => /^assistant-chat-.*\.js$/.test(name)) : [];
  if (!names.some((name) => name.startsWith('assistant-chat-panel-'))) throw new Error('the panel is missing from dist/: run npm run build first.');
  return names;
}

const gzip = (source: string) => gzipSync(Buffer.from(source), { level: 9 }).length;
const brotli = (source: string) => brotliCompressSync(Buffer.from(source), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

// The ceilings (gzip), shared with the bench's report, where the reason for each is written.
const CEILING = CEILINGS;

function report(label: string, source: string, ceiling: number): number {
  const size = gzip(source);
  console.log(`${label}: ${kb(source.length)} raw, ${kb(size)} gzip (${size} B), ${kb(brotli(source))} brotli; ceiling ${kb(ceiling)}`);
  return size;
}

describe('dist/widget.js, the launcher every page view loads', () => {
  it('is at most 7.5 KB gzipped', () => {
    expect(report('dist/widget.js', read('widget.js'), CEILING.boot)).toBeLessThanOrEqual(CEILING.boot);
  });

  it('is one classic script: no static imports or exports, no eval, no global of its own, one import() of the panel', () => {
    const source = read('widget.js');
    expect(source).not.toMatch(/^\s*import\s|\bexport\s/m);
    expect(source).not.toMatch(/\beval\s*\(|new Function\s*\(/);
    // With no exports from the entry, the IIFE assigns no name: window.AssistantChat is the only global.
    expect(source).not.toContain('AssistantChatWidgetBundle');
    // It starts with V8's compile hint (every function of the boot runs at load: compile them all at once,
    // off the main thread), then the one function that runs.
    expect(source.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(source.trimStart()).toMatch(/^(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*(\(|!)function\s*\(/);
    // The panel's file name, with its content hash, is what the launcher imports.
    const panel = panelFiles().find((name) => name.startsWith('assistant-chat-panel-'))!;
    expect(source).toContain(JSON.stringify(panel).slice(1, -1));
    expect(source).not.toMatch(/\bpreact\b|__H|useState/);
  });

  it('is plain ASCII: a page in another encoding (windows-1252, Shift_JIS) reads its words right, whatever charset its server names', () => {
    const beyond = Array.from(read('widget.js')).filter((char) => char.charCodeAt(0) > 0x7e);
    expect(beyond).toEqual([]);
  });
});

describe('the panel, loaded on the visitor’s intent', () => {
  it('is at most 30 KB gzipped; what it loads only when needed comes in files of at most 4 KB (the markdown renderer 6 KB)', () => {
    const names = panelFiles();
    const entry = names.find((name) => name.startsWith('assistant-chat-panel-'))!;
    const panel = report(`dist/${entry}`, read(entry), CEILING.panel);
    // A language other than English (a visitor loads at most one), the markdown renderer (with the first
    // reply that has markdown), the function-call cards (with the first reply that ran a tool), the consent
    // and pre-chat forms, the words for the site owner's console.
    const chunks = names.filter((name) => name !== entry).map((name) => [name, gzip(read(name))] as const);
    const isLanguage = (name: string) => /^assistant-chat-[a-z]{2}-/.test(name);
    for (const [name, size] of chunks) console.log(`dist/${name}: ${kb(size)} gzip`);
    const heaviestLanguage = Math.max(0, ...chunks.filter(([name]) => isLanguage(name)).map(([, size]) => size));
    const features = chunks.filter(([name]) => !isLanguage(name) && !name.startsWith('assistant-chat-problems-'));
    const most = panel + heaviestLanguage + features.reduce((sum, [, size]) => sum + size, 0);
    console.log(`the most a visitor loads (panel, the heaviest language, every feature): ${kb(most)} gzip`);
    expect(panel).toBeLessThanOrEqual(CEILING.panel);
    for (const [name, size] of chunks)
      expect(size, name).toBeLessThanOrEqual(name.startsWith('assistant-chat-rich-text-') ? CEILING.markdown : CEILING.chunk);
  });

  it('is, with every chunk, a module that parses (the squeezing broke none)', { timeout: 60_000 }, () => {
    for (const name of panelFiles()) {
      const check = spawnSync(process.execPath, ['--check', '--input-type=module'], { input: read(name), encoding: 'utf8' });
      expect(check.stderr, name).toBe('');
    }
  });

  it('has every chunk of its own imported by the panel or (what an owner may turn on that the boot loads) by the boot, and nothing else of Preact outside it', () => {
    const entry = panelFiles().find((name) => name.startsWith('assistant-chat-panel-'))!;
    const source = read(entry);
    const boot = read('widget.js');
    for (const name of panelFiles().filter((other) => other !== entry)) {
      const importedBy = source.includes(name) ? 'panel' : boot.includes(name) ? 'boot' : null;
      expect(importedBy, `${name} is imported by the panel or the boot`).not.toBeNull();
      // A lazy chunk may use what the panel file already holds, and nothing more: no framework or shared
      // code split off into a third file the visitor would wait for. The boot's imports import nothing.
      const imports = [...read(name).matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*)?["'`]([^"'`]+)["'`]/g)].map((match) => match[1]);
      for (const from of imports) expect(from, `${name} imports ${from}`).toBe(importedBy === 'panel' ? `./${entry}` : undefined);
    }
  });
});
