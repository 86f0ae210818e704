// Gives the relative imports of the declarations in dist/types their file names: `'./mount'` becomes
// `'./mount.js'` and `'./api'` becomes `'./api/index.js'`. tsc copies specifiers as the sources write them
// (without extensions, for the bundler), but TypeScript resolves an ES module package's declarations under
// `moduleResolution` node16/nodenext only with them; without, every type of the package would be `any`.
// Run by `npm run build` after tsc.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const typesDir = fileURLToPath(new URL('../../dist/types/', import.meta.url));

/** Every `.d.ts` file under `dir`. */
function declarationFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifier `specifier` (relative, written in `file`) with the name of the file it means. */
function withFileName(file, specifier) {
  const target = join(dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${relative(typesDir, file)}: "${specifier}" names no declaration file in dist/types.`);
}

let changed = 0;
for (const file of declarationFiles(typesDir)) {
  const text = readFileSync(file, 'utf8');
  // Imports, re-exports and `import("…")` types, with where each one's string literal starts.
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const relativeOnes = importedFiles.filter(({ fileName }) => /^\.\.?\//.test(fileName) && !fileName.endsWith('.js'));
  let result = text;
  // From the last to the first, so that the earlier positions still hold.
  for (const { fileName, pos } of relativeOnes.sort((a, b) => b.pos - a.pos)) {
    const start = text.indexOf(fileName, pos);
    result = result.slice(0, start) + withFileName(file, fileName) + result.slice(start + fileName.length);
  }
  if (result !== text) {
    writeFileSync(file, result);
    changed++;
  }
}
console.log(`dist/types: file names added to the relative imports of ${changed} declaration files.`);
