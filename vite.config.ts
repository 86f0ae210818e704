import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { Features } from 'lightningcss';
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
      if (process.env.DEMO_GATEWAY) await gatewayInFront(server);
    },
  };
}

/**
 * `npm run demo:gateway`: the gateway (src/gateway) under /gateway, in front of the stand-in under /api,
 * as a site owner would run it in front of the platform. It lets only the playground's own origin
 * through and logs one JSON line per request; the playground uses it with its API base set to /gateway.
 */
async function gatewayInFront(server: import('vite').ViteDevServer) {
  // Loaded by the dev server itself (not bundled into this config, which every build loads).
  const { createGateway } = (await server.ssrLoadModule(here('./src/gateway/handler.ts'))) as typeof import('./src/gateway/handler');
  const { toNodeListener } = (await server.ssrLoadModule(here('./src/gateway/node.ts'))) as typeof import('./src/gateway/node');
  let listener: ReturnType<typeof toNodeListener> | undefined;
  server.middlewares.use('/gateway', (req, res) => {
    if (!listener) {
      const { port } = server.httpServer!.address() as import('node:net').AddressInfo;
      const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
      // (The demo key is Northwind's: the stand-in's conversation routes take any.)
      listener = toNodeListener(createGateway({ upstream: `http://127.0.0.1:${port}/api`, apiKey: 'demo-key-northwind', allowOrigins: origins }));
    }
    listener(req, res);
  });
  server.httpServer?.once('listening', () => {
    const { port } = server.httpServer!.address() as import('node:net').AddressInfo;
    server.config.logger.info(
      `  ➜  Gateway: http://127.0.0.1:${port}/gateway in front of /api; the playground through it: http://127.0.0.1:${port}/#api=/gateway`,
    );
  });
}

/**
 * Takes out the `/* @__PURE__ *\/` notes that Vite keeps in an ES library for a bundler downstream: the
 * panel is loaded by browsers as it is, and they are a tenth of a kilobyte of it (gzip).
 */
function withoutPureNotes(): Plugin {
  return {
    name: 'without-pure-notes',
    renderChunk: {
      order: 'post',
      // (A space in its place: `of/* @__PURE__ */new` must not become `ofnew`.)
      handler: (code) => ({ code: code.replace(/\/\* [@#]__PURE__ \*\//g, ' '), map: null }),
    },
  };
}

/**
 * Starts the script tag's file with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium
 * 136+; other engines read a comment): nearly every function of the boot runs at load, and compiled
 * eagerly, on the thread that streams the script in, they cost the host page's main thread about 3 ms
 * less than compiled one by one as they are first called (measured in headless Chromium). Added after
 * minification, which would drop the comment.
 */
function compileHint(): Plugin {
  return {
    name: 'compile-hint',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
      }
    },
  };
}

/**
 * The files the boot imports, each an entry of the panel build: the panel, and the files of what an owner may turn
 * on that the boot itself loads (the teaser and timed open, the data layer's events). Each file's name is
 * `assistant-chat-<entry>-<content hash>.js` (see builtFile).
 */
const BOOT_IMPORTS = {
  panel: './src/panel/index.ts',
  nudges: './src/boot/nudges.ts',
  analytics: './src/boot/analytics.ts',
} as const;

/** The name of the file of `entry` that the last `vite build --mode panel` wrote to dist/ (it empties dist/ first). */
function builtFile(entry: keyof typeof BOOT_IMPORTS): string {
  const dist = here('./dist');
  const prefix = `assistant-chat-${entry}-`;
  const names = existsSync(dist) ? readdirSync(dist).filter((name) => name.startsWith(prefix) && name.endsWith('.js')) : [];
  if (names.length !== 1) throw new Error(`expected one ${prefix}*.js in dist/ (found ${names.length}): run \`vite build --mode panel\` first.`);
  return names[0]!;
}

/** The browsers whose CSS the minifier may rely on (Lightning CSS lowers newer syntax for older ones). */
const CSS_TARGET = ['chrome111', 'edge111', 'firefox113', 'safari16.4'];

/**
 * Lightning CSS, as Vite's minifier: no `light-dark()` lowering. The stylesheets never call it, yet for
 * those targets every `color-scheme` would bring along the two custom properties the lowering switches on
 * (30 B gzip of the panel, for nothing).
 */
const CSS = { lightningcss: { exclude: Features.LightDark } };

export default defineConfig(({ mode, command }): ViteUserConfig => {
  if (mode === 'lib') {
    // The npm package: ESM, Preact and signals left to the app (peer dependencies). The panel is a dynamic
    // import, so it becomes a chunk of its own that the app's bundler keeps lazy.
    return {
      build: {
        outDir: 'dist/lib',
        emptyOutDir: true,
        sourcemap: true,
        lib: {
          entry: {
            index: here('./src/index.ts'),
            element: here('./src/element.ts'),
            react: here('./src/react.ts'),
            preact: here('./src/preact.ts'),
          },
          formats: ['es'],
        },
        rolldownOptions: {
          external: [/^preact(\/|$)/, /^@preact\/signals/, /^react(\/|$)/],
          // `assistant-chat-widget/react` is a client module: a React Server Component (Next.js's App Router)
          // may import it and render `<AssistantChat>`, which then runs in the browser. (The bundler drops the
          // directives of the modules it merges, so the output gets it.)
          output: { banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : '') },
        },
      },
    };
  }
  if (mode === 'extras') {
    // What an owner may turn on that the boot loads itself (the teaser and timed open, the data layer's events):
    // files of their own beside the panel's, built apart from it so they share no chunk with it (they import no
    // code of the widget's).
    return {
      css: CSS,
      plugins: [withoutPureNotes()],
      build: {
        outDir: here('./dist'),
        emptyOutDir: false,
        target: 'es2020',
        cssTarget: CSS_TARGET,
        minify: 'terser',
        terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
        lib: { entry: { nudges: here(BOOT_IMPORTS.nudges), analytics: here(BOOT_IMPORTS.analytics) }, formats: ['es'] },
        rolldownOptions: { output: { entryFileNames: 'assistant-chat-[name]-[hash].js', hashCharacters: 'hex' } },
      },
    };
  }
  if (mode === 'gateway') {
    // The gateway a site owner runs (src/gateway): ES modules for servers, not browsers. `index` is the
    // `./gateway` entry (pure Fetch API code, for any runtime); `cli` is the Node server behind the
    // `assistant-chat-gateway` bin. Node's modules and the optional `redis` stay imports.
    return {
      build: {
        ssr: true,
        outDir: here('./dist/gateway'),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        sourcemap: false,
        rolldownOptions: {
          input: { index: here('./src/gateway/index.ts'), cli: here('./src/gateway/cli.ts') },
          output: {
            format: 'es',
            entryFileNames: '[name].js',
            chunkFileNames: 'gateway-[hash].js',
            banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
          },
        },
      },
    };
  }
  if (mode === 'panel') {
    // The panel of the script tag: one ES module with Preact and signals inside, loaded by dist/widget.js
    // with import() when the visitor reaches for the launcher. Its name carries its content hash, so a
    // cached widget.js never meets a different panel. This build runs first and empties dist/.
    return {
      css: CSS,
      plugins: [withoutPureNotes()],
      build: {
        outDir: here('./dist'),
        emptyOutDir: true,
        target: 'es2020',
        cssTarget: CSS_TARGET,
        // Terser, three passes: it squeezes the panel about half a kilobyte (gzip) more than the default
        // minifier. (Vite would leave an ES library's whitespace in place; this one is loaded by browsers as it is.)
        minify: 'terser',
        terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
        lib: { entry: { panel: here(BOOT_IMPORTS.panel) }, formats: ['es'] },
        rolldownOptions: {
          // Code both the panel and a lazy chunk use stays in the panel file (which then exports a little
          // more), rather than going to a third file the visitor would wait for.
          preserveEntrySignatures: 'allow-extension',
          output: {
            entryFileNames: 'assistant-chat-[name]-[hash].js',
            chunkFileNames: 'assistant-chat-[name]-[hash].js',
            // Hex digits gzip smaller than base64 in the names the boot and the panel carry (32 bits of hash
            // are plenty to tell one build's files from another's).
            hashCharacters: 'hex',
            codeSplitting: { groups: [{ name: 'panel', tags: ['$initial'] }] },
          },
        },
      },
    };
  }
  return {
    root: here('./demo'),
    publicDir: false,
    // cors: false lets the stand-in answer preflights itself, so pages on other origins can call /api too.
    server: { host: '127.0.0.1', port: 5173, cors: false, fs: { allow: [here('.')] } },
    css: CSS,
    plugins: [standInApi(), compileHint()],
    // The script tag's build learns the panel's file name from the panel build; tests get a stand-in name.
    define: Object.fromEntries(
      (Object.keys(BOOT_IMPORTS) as (keyof typeof BOOT_IMPORTS)[]).map((entry) => [
        `__${entry.toUpperCase()}_FILE__`,
        JSON.stringify(command === 'build' ? builtFile(entry) : `assistant-chat-${entry}-test.js`),
      ]),
    ),
    build: {
      // The script tag: the launcher, as one small classic script. Vite requires `name` for an IIFE, but
      // src/embed.ts exports nothing, so the bundle assigns no global of its own (test/size.test.ts
      // checks): window.AssistantChat, installed at run time, is the only one.
      outDir: here('./dist'),
      emptyOutDir: false,
      target: 'es2020',
      cssTarget: CSS_TARGET,
      // Terser, as for the panel: 30 bytes (gzip) under the default minifier, in the file every page view loads.
      // ASCII only: a classic script is read in the page's encoding when its server names no charset, so any
      // other character would be written as an escape (the panel's files are modules, read as UTF-8 always).
      minify: 'terser',
      terserOptions: { ecma: 2020, compress: { passes: 3 }, format: { comments: false, ascii_only: true } },
      lib: { entry: here('./src/embed.ts'), formats: ['iife'], name: 'AssistantChatWidgetBundle', fileName: () => 'widget.js' },
    },
    test: {
      root: here('.'),
      // Two workers even on two cores (Vitest's default leaves one core free): the unit files share them,
      // then the e2e files run one at a time, each with the run's Chromium to itself.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root: here('.'),
            environment: 'happy-dom',
            include: ['test/**/*.test.{ts,tsx}'],
            exclude: ['test/e2e/**'],
            // Each file sets up what it needs: one module registry per worker halves the run.
            isolate: false,
            sequence: { groupOrder: 0 },
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
            // After the unit files, so no timing of theirs shares the cores; one worker for every file
            // (each still starts its own servers and connects to the run's Chromium, started by the
            // global setup), so Playwright is loaded once.
            sequence: { groupOrder: 1 },
            isolate: false,
          },
        },
      ],
    },
  };
});
