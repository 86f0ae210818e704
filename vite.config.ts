import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Serves the local stand-in API under /api inside the Vite dev server (npm run demo). */
function standInApi(): Plugin {
  let api: import('./demo/server/app.mjs').StandInApi | undefined;
  return {
    name: 'stand-in-api',
    apply: 'serve',
    async configureServer(server) {
      const { createStandInApi } = await import('./demo/server/app.mjs');
      // No rate limit in the playground: every settings change remounts the widget, which re-reads the conversation.
      api = createStandInApi({ dataDir: here('./demo/data'), replyDelayMs: 700, rateLimit: false });
      server.middlewares.use('/api', (req, res, next) => api!.handle(req, res, next));
      server.httpServer?.once('close', () => void api?.close());
    },
  };
}

export default defineConfig(({ mode, command }) => {
  if (mode === 'lib') {
    // The npm package: ESM, Preact and signals left to the app (peer dependencies).
    return {
      build: {
        outDir: 'dist/lib',
        emptyOutDir: true,
        sourcemap: true,
        lib: {
          entry: { index: here('./src/index.ts'), element: here('./src/element.ts') },
          formats: ['es'],
        },
        rolldownOptions: {
          external: [/^preact(\/|$)/, /^@preact\/signals/],
        },
      },
    };
  }
  return {
    root: here('./demo'),
    publicDir: false,
    // cors: false lets the stand-in answer preflights itself, so pages on other origins can call /api too.
    server: { host: '127.0.0.1', port: 5173, cors: false, fs: { allow: [here('.')] } },
    plugins: [standInApi()],
    // The script tag is built with classic JSX (`h(type, props, ...children)`): no jsx-runtime module and no
    // props object per child list, about 0.3 KB less gzipped. Tests, the demo and the npm build keep the
    // automatic runtime of tsconfig.json; both produce the same VNodes.
    ...(command === 'build' && {
      oxc: {
        jsx: { runtime: 'classic', pragma: 'jsxH', pragmaFrag: 'JsxFragment', development: false },
        jsxInject: `import { h as jsxH, Fragment as JsxFragment } from 'preact'`,
      },
    }),
    build: {
      // The script tag: one self-contained classic script, everything inside. Vite requires `name` for
      // an IIFE, but src/embed.ts exports nothing, so the bundle assigns no global of its own
      // (test/size.test.ts checks): window.AssistantChat, installed at run time, is the only one.
      outDir: here('./dist'),
      emptyOutDir: false,
      target: 'es2020',
      lib: { entry: here('./src/embed.ts'), formats: ['iife'], name: 'AssistantChatWidgetBundle', fileName: () => 'widget.js' },
    },
    test: {
      root: here('.'),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root: here('.'),
            environment: 'happy-dom',
            include: ['test/**/*.test.{ts,tsx}'],
            exclude: ['test/e2e/**'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            root: here('.'),
            environment: 'node',
            include: ['test/e2e/**/*.test.ts'],
            globalSetup: [here('./test/e2e/global-setup.ts')],
            testTimeout: 60000,
            hookTimeout: 60000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
