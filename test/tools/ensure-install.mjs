// Installs the project's dependencies from the lock file when they are missing or stale,
// so that `npm run demo` and `npm test` work on a fresh clone without a separate step.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const lock = 'package-lock.json';
const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log('Installing dependencies from package-lock.json (first run)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
