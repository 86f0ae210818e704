import { fileURLToPath } from 'node:url';

/**
 * The app sits in the repository's test-results/apps/next/, where its packages (next, react, the unpacked
 * widget package) resolve from the folders above: the repository is Turbopack's root.
 * @type {import('next').NextConfig}
 */
const config = {
  turbopack: { root: fileURLToPath(new URL('../../../', import.meta.url)) },
};

export default config;
