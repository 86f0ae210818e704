import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index';
import { VERSION } from '../src/version';

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, Record<string, string> | string>;
  sideEffects: string[];
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe('the npm package surface', () => {
  it('exports exactly mount, ChatWidget and parseConfig at run time', () => {
    expect(Object.keys(entry).sort()).toEqual(['ChatWidget', 'mount', 'parseConfig']);
  });

  it('registers no custom element and adds no global when the index is imported', () => {
    expect(customElements.get('assistant-chat')).toBeUndefined();
    expect((window as unknown as Record<string, unknown>).AssistantChat).toBeUndefined();
  });

  it('lists types first in every entry of the exports map', () => {
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target)[0], `exports["${name}"]`).toBe('types');
    }
    expect(Object.keys(pkg.exports)).toEqual(['.', './element', './react', './preact', './gateway', './widget.js', './package.json']);
  });

  it('declares side effects only for the script-tag bundle, the entries that register the element, and CSS', () => {
    expect(pkg.sideEffects).toEqual(['./dist/widget.js', './dist/lib/element.js', './dist/lib/react.js', './dist/lib/preact.js', '*.css']);
  });

  it('leaves Preact 10 or 11 and its signals to the app as peer dependencies, React (18 or 19) to the apps that use the React entry, and Redis to the gateway’s owner', () => {
    expect(pkg.peerDependencies).toEqual({
      '@preact/signals': '^2.0.0',
      preact: '^10.25.0 || ^11.0.0',
      react: '^18.0.0 || ^19.0.0',
      redis: '^5.0.0 || ^6.0.0',
    });
    expect(pkg.peerDependenciesMeta).toEqual({ react: { optional: true }, redis: { optional: true } });
  });

  it('reports the package version as AssistantChat.version', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
