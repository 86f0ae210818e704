import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The ceiling issue 5 sets for everything a site loads, and the goal below it. */
const CEILING = 24 * 1024;
const GOAL = 18 * 1024;
// Vitest runs from the project root (npm test, npx vitest).
const path = join(process.cwd(), 'dist/widget.js');

function readBundle(): string {
  if (!existsSync(path)) throw new Error('dist/widget.js is missing: run npm run build first.');
  const source = readFileSync(path, 'utf8');
  if (!source.includes('AssistantChat')) throw new Error('dist/widget.js is empty or not the widget: run npm run build first.');
  return source;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('dist/widget.js (everything a site loads)', () => {
  it('is at most 24 KB gzipped (goal 18 KB); brotli reported beside it', () => {
    const source = Buffer.from(readBundle());
    const gzip = gzipSync(source, { level: 9 }).length;
    const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(
      `dist/widget.js: ${kb(source.length)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli ` +
        `(ceiling ${kb(CEILING)}; goal ${kb(GOAL)}${gzip <= GOAL ? ' met' : ' not met'})`,
    );
    expect(gzip).toBeLessThanOrEqual(CEILING);
  });

  it('is one self-contained classic script: no imports, no lazy chunks, no eval, no global of its own', () => {
    const source = readBundle();
    expect(source).not.toMatch(/\bimport\s*\(|^\s*import\s|\bexport\s/m);
    expect(source).not.toMatch(/\beval\s*\(|new Function\s*\(/);
    // With no exports from the entry, the IIFE assigns no name: window.AssistantChat is the only global.
    expect(source).not.toContain('AssistantChatWidgetBundle');
    expect(source.trimStart()).toMatch(/^(\/\*[\s\S]*?\*\/\s*)?\(function\s*\(/);
  });
});
