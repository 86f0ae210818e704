// @vitest-environment node
/**
 * The packed package's types, as an app's TypeScript sees them: the repository's type tests
 * (test/types*.typecheck.ts*, which `npm run typecheck` checks against the sources) compiled again against
 * the installed package under `moduleResolution` node16 and bundler, and every TypeScript and JavaScript
 * sample of the README and docs/frameworks.md. Each file imports only the package, so its one-line imports are what teach
 * TypeScript the element's JSX.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackage, packPackage, PACKAGE_NAME, REPO_ROOT, type PackedPackage } from './packed';
import { codeSamples, isAngular } from './samples';

const APP_DIR = join(REPO_ROOT, 'test-results', 'package', 'types-app');

/** The type tests, and what their imports of the sources are in an app. */
const TYPE_TESTS = ['test/types.typecheck.ts', 'test/types-react.typecheck.tsx', 'test/types-preact.typecheck.tsx'];
const SOURCE_ENTRIES: Record<string, string> = {
  '../src/index': PACKAGE_NAME,
  '../src/element': `${PACKAGE_NAME}/element`,
  '../src/react': `${PACKAGE_NAME}/react`,
  '../src/preact': `${PACKAGE_NAME}/preact`,
};

/** An app's compiler options: strict, for the browser, Preact's JSX unless a file says otherwise. */
const APP_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  jsxImportSource: 'preact',
  types: [],
};

const NODE16: ts.CompilerOptions = { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 };
const BUNDLER: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };

// Compiling with the DOM's types takes seconds, and more on a busy machine.
const SLOW = 120_000;

let packed: PackedPackage;

beforeAll(() => {
  packed = packPackage();
  installPackage(packed.tarball, APP_DIR);
}, SLOW);

// Unset when packing failed.
afterAll(() => (packed as PackedPackage | undefined)?.remove());

/** Copies a type test into the app, its imports of the sources turned into imports of the package. */
function copyTypeTest(path: string): string {
  const text = readFileSync(join(REPO_ROOT, path), 'utf8').replace(/(['"])(\.\.\/src\/[\w/-]+)\1/g, (literal, quote: string, source: string) => {
    const entry = SOURCE_ENTRIES[source];
    if (!entry) throw new Error(`${path} imports ${source}, which is no entry of the package.`);
    return quote + entry + quote;
  });
  const target = join(APP_DIR, basename(path));
  writeFileSync(target, text);
  return target;
}

/** What TypeScript says of `files` with `options` added to the app's; one line per problem. */
function compile(files: string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(files, { ...APP_OPTIONS, ...options });
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => APP_DIR, getNewLine: () => '\n' };
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trim());
}

/** React 18's types in place of the repository's React 19 ones (npm aliases in the root devDependencies). */
const REACT_18: ts.CompilerOptions = {
  paths: {
    react: [join(REPO_ROOT, 'node_modules', 'types-react18')],
    'react/*': [join(REPO_ROOT, 'node_modules', 'types-react18', '*')],
  },
};

describe('the packed types, in an app', { timeout: SLOW }, () => {
  it('hold under node16 resolution, with the libraries checked: no error, and every misuse in the type tests is caught', () => {
    expect(compile(TYPE_TESTS.map(copyTypeTest), { ...NODE16, skipLibCheck: false })).toEqual([]);
  });

  it('hold under bundler resolution with skipLibCheck: nothing silently becomes `any`', () => {
    expect(compile(TYPE_TESTS.map(copyTypeTest), { ...BUNDLER, skipLibCheck: true })).toEqual([]);
  });

  it('hold with React 18’s types: the React type test compiles against @types/react 18, the libraries checked', () => {
    expect(compile([copyTypeTest('test/types-react.typecheck.tsx')], { ...BUNDLER, ...REACT_18, skipLibCheck: false })).toEqual([]);
  });
});

describe('the README and docs/frameworks.md', { timeout: SLOW }, () => {
  it('have TypeScript and JavaScript samples that compile against the packed package (Angular components aside: its compiler checks them)', () => {
    const samples = codeSamples(['ts', 'tsx', 'js']).filter((sample) => !isAngular(sample));
    expect(samples.length).toBeGreaterThan(0);
    const files = samples.map(({ language, name, code }) => {
      // JSX for React where the sample imports React or the React entry; Preact's otherwise.
      const react = /from ['"]react['"]|['"]assistant-chat-widget\/react['"]/.test(code);
      const file = join(APP_DIR, `${name}.${language}`);
      // Each sample is a module of its own, so that two samples may name the same thing.
      writeFileSync(file, `${react ? '/** @jsxImportSource react */\n' : ''}${code}\nexport {};\n`);
      return file;
    });
    // A page with the script tag: the global `AssistantChat` the JavaScript samples call.
    const scriptTagPage = join(APP_DIR, 'script-tag-page.ts');
    writeFileSync(scriptTagPage, `import type {} from '${PACKAGE_NAME}/widget.js';\n`);
    expect(compile([scriptTagPage, ...files], { ...BUNDLER, skipLibCheck: true, allowJs: true, checkJs: true })).toEqual([]);
  });
});
