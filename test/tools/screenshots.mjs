// Refreshes the README's pictures (demo/screenshots/): runs the end-to-end tests that take them, which
// write to the git-ignored test-results/, and copies the ones the README shows. `npm test` never
// changes a tracked file; this command does, on purpose.
import { execSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PICTURES = {
  'test-results/screenshots/widget-light.png': 'demo/screenshots/widget-light.png',
  'test-results/screenshots/widget-dark.png': 'demo/screenshots/widget-dark.png',
  'test-results/screenshots/widget-phone.png': 'demo/screenshots/widget-phone.png',
  'test-results/demo/demo.png': 'demo/screenshots/demo.png',
  'test-results/demo/phone.png': 'demo/screenshots/phone.png',
  'test-results/markdown/reply-light-top.png': 'demo/screenshots/markdown-light.png',
  'test-results/markdown/reply-dark-top.png': 'demo/screenshots/markdown-dark.png',
  'test-results/screenshots/welcome.png': 'demo/screenshots/welcome.png',
  'test-results/screenshots/consent.png': 'demo/screenshots/consent.png',
  'test-results/screenshots/prechat.png': 'demo/screenshots/prechat.png',
};

execSync(
  'npx vitest run --project e2e test/e2e/ui/desktop.test.ts test/e2e/ui/phone.test.ts test/e2e/ui/markdown.test.ts test/e2e/ui/welcome.test.ts test/e2e/demo.test.ts',
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const [from, to] of Object.entries(PICTURES)) {
  if (!existsSync(join(root, from))) throw new Error(`${from} was not written: did its test run?`);
  copyFileSync(join(root, from), join(root, to));
  console.log(`${to} ← ${from}`);
}
