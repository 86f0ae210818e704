import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The budget issue 5 sets (24 KB) is not met yet; until it is, this guard keeps the bundle from growing. */
const BUDGET = 24 * 1024;
const GUARD = 26.5 * 1024;
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
  it('does not grow past 26.5 KB gzip (budget 24 KB, goal 18 KB: not met yet); brotli reported beside it', () => {
    const source = Buffer.from(readBundle());
    const gzip = gzipSync(source, { level: 9 }).length;
    const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(
      `dist/widget.js: ${kb(source.length)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli ` +
        `(guard ${kb(GUARD)}; budget ${kb(BUDGET)}${gzip <= BUDGET ? ' met' : ' NOT met'}; goal ${kb(GOAL)}${gzip <= GOAL ? ' met' : ' not met'})`,
    );
    expect(gzip).toBeLessThanOrEqual(GUARD);
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
