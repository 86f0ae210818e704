/**
 * The code samples of the README and of docs/frameworks.md: the fenced code blocks that the tests compile
 * against the packed package (TypeScript and JavaScript in test/package/types.test.ts; Vue, Svelte and Angular
 * with their frameworks' checkers in test/e2e/apps.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './packed';

/** The documents whose samples are compiled. */
export const DOCUMENTS = ['README.md', 'docs/frameworks.md'] as const;

/** One fenced code block. */
export interface Sample {
  /** The document, e.g. `README.md`. */
  document: string;
  /** The fence's language, e.g. `tsx`. */
  language: string;
  /** The line the fence starts on. */
  line: number;
  code: string;
  /** A file name that says where the sample comes from, e.g. `readme-md-line-42` (without extension). */
  name: string;
}

/** The samples in `languages`, in order, of every document. */
export function codeSamples(languages: readonly string[]): Sample[] {
  const samples: Sample[] = [];
  for (const document of DOCUMENTS) {
    const text = readFileSync(join(REPO_ROOT, document), 'utf8');
    for (const match of text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
      const language = match[1]!;
      if (!languages.includes(language)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const name = `${document.replace(/^.*\//, '').replace(/\W+/g, '-').toLowerCase()}-line-${line}`;
      samples.push({ document, language, line, code: match[2]!, name });
    }
  }
  return samples;
}

/** Whether a TypeScript sample is an Angular component (Angular's compiler checks it, templates included). */
export const isAngular = (sample: Sample) => /from '@angular\/core'/.test(sample.code);
