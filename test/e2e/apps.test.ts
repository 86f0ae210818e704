/**
 * The widget in the frameworks people build with, each app built from the packed package as its developers
 * would build it (sources in test/e2e/apps/, see apps/build.ts): React 18 and React 19 with `<AssistantChat>`
 * (and React 19 with the `<assistant-chat>` element), Next.js's App Router with a server-rendered page, Vue 3,
 * Svelte 5 and Angular with the element, Preact 10 and Preact 11 with `ChatWidget` and `mount()`. Each app is
 * type-checked and built (the Vue, Svelte and Angular samples of the README and docs/frameworks.md with it, by
 * the same checker), then used in Chromium the way a visitor and the app's developer would: it opens, sends,
 * shows the reply, resumes after a reload, keeps the panel open through a theme change, asks nothing when the
 * app renders again, and the app hears the widget's events. The apps' pages come from one origin (the static
 * server, or `next start`), the stand-in API answers from another.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoggedRequest } from '../../demo/server/app.mjs';
import { ASSISTANTS } from '../helpers/stand-in';
import { installPackage, packPackage, type PackedPackage } from '../package/packed';
import { codeSamples, isAngular, type Sample } from '../package/samples';
import { aliasPackage, APPS_DIR, BUILDS_DIR, copyApp, pathsTo, runTool, startNext, typecheck, viteBuild, type AppServer } from './apps/build';
import { GREETING, TEXT, chat, creates, messagePosts, summary } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';

const browser = useBrowser();
const site = useStaticServer({ distDir: BUILDS_DIR });
const api = useStandIn();

const SEEN = { timeout: 15_000 };
/** A test waits for its app's build, which shares the machine with the others' (all start at once). */
const BUILD_TIME = { timeout: 300_000 };

/** Type-checks one app and builds it. */
type Build = () => Promise<void>;

const REACT_JSX = { jsx: 'react' } as const;

/** The apps, and how each is checked and built. */
const BUILDS = {
  /** React 19, the repository's React. */
  react19: async () => {
    const root = copyApp('react', 'react19');
    typecheck([join(root, 'main.tsx')], { jsxImportSource: 'react' });
    await viteBuild({ root, name: 'react19', ...REACT_JSX });
  },
  /** React 18, the npm aliases react18 and react-dom18 (and their types). */
  react18: async () => {
    const root = copyApp('react', 'react18');
    typecheck([join(root, 'main.tsx')], {
      jsxImportSource: 'react',
      paths: { ...pathsTo('react', 'types-react18'), ...pathsTo('react-dom', 'types-react-dom18') },
    });
    await viteBuild({
      root,
      name: 'react18',
      ...REACT_JSX,
      alias: [...aliasPackage('react-dom', 'react-dom18'), ...aliasPackage('react', 'react18')],
    });
  },
  /** Preact 10, the repository's Preact. */
  preact10: async () => {
    const root = copyApp('preact', 'preact10');
    typecheck([join(root, 'main.tsx')], { jsxImportSource: 'preact' });
    await viteBuild({ root, name: 'preact10', jsx: 'preact' });
  },
  /** Preact 11, the npm alias preact11: for the app, the package and @preact/signals alike. */
  preact11: async () => {
    const root = copyApp('preact', 'preact11');
    typecheck([join(root, 'main.tsx')], { jsxImportSource: 'preact', paths: pathsTo('preact', 'preact11') });
    await viteBuild({ root, name: 'preact11', jsx: 'preact', alias: aliasPackage('preact', 'preact11') });
  },
  vue: async () => {
    const root = copyApp('vue');
    writeSamples(codeSamples(['vue']), root, '.vue');
    await runTool('vue-tsc/bin/vue-tsc.js', ['--noEmit', '-p', 'tsconfig.json'], root);
    const { default: vue } = await import('@vitejs/plugin-vue');
    const isCustomElement = (tag: string) => tag === 'assistant-chat';
    await viteBuild({ root, name: 'vue', plugins: [vue({ template: { compilerOptions: { isCustomElement } } })] });
  },
  svelte: async () => {
    const root = copyApp('svelte');
    writeSamples(codeSamples(['svelte']), root, '.svelte');
    await runTool('svelte-check/bin/svelte-check', ['--tsconfig', './tsconfig.json', '--fail-on-warnings', '--output', 'machine'], root);
    const { svelte } = await import('@sveltejs/vite-plugin-svelte');
    await viteBuild({ root, name: 'svelte', plugins: [svelte({ configFile: join(root, 'svelte.config.js') })] });
  },
  /** Angular's own build (its esbuild builder, which type-checks the components and their templates). */
  angular: async () => {
    const root = copyApp('angular');
    writeSamples(codeSamples(['ts']).filter(isAngular), join(root, 'src'), '.ts');
    await runTool('@angular/cli/bin/ng.js', ['build'], root);
  },
  /** `next build` (Turbopack, and its TypeScript check). */
  next: async () => {
    await runTool('next/dist/bin/next', ['build'], copyApp('next'));
  },
} satisfies Record<string, Build>;

type AppName = keyof typeof BUILDS;

/** Puts the documents' samples for a framework into its app, where the framework's checker checks them with the app. */
function writeSamples(samples: Sample[], folder: string, extension: string): void {
  if (!samples.length) throw new Error(`no ${extension} sample in the README or docs/frameworks.md`);
  for (const sample of samples) writeFileSync(join(folder, `${sample.name}${extension}`), sample.code);
}

let packed: PackedPackage | undefined;
const built = new Map<AppName, Promise<number>>();

beforeAll(() => {
  packed = packPackage();
  installPackage(packed.tarball, APPS_DIR);
  // Next.js and Angular build in processes of their own: they start first, and build while this process
  // builds the Vite apps one after another.
  const order: AppName[][] = [['next'], ['angular'], ['react19', 'react18', 'preact10', 'preact11', 'vue', 'svelte']];
  for (const chain of order) {
    let previous: Promise<unknown> = Promise.resolve();
    for (const app of chain) {
      const build = previous.catch(() => undefined).then(() => timed(BUILDS[app]));
      // (A failed build fails its app's test, which awaits it; no other.)
      build.catch(() => undefined);
      built.set(app, build);
      previous = build;
    }
  }
}, 60_000);

afterAll(() => packed?.remove());

async function timed(build: Build): Promise<number> {
  const started = performance.now();
  await build();
  return (performance.now() - started) / 1000;
}

const told = new Set<AppName>();

/** Waits for an app's build and prints how long it took, once (a line per app, to watch the suite's time). */
async function ready(app: AppName): Promise<void> {
  const seconds = await built.get(app)!;
  if (!told.has(app)) console.log(`${app}: type-checked and built in ${seconds.toFixed(1)} s`);
  told.add(app);
}

/** The query every app reads: the stand-in's URL and the assistants. */
const query = () => new URLSearchParams({ api: api.url, assistant: ASSISTANTS.northwind, helper: ASSISTANTS.quiet }).toString();

/** Records the page's console warnings (the browser fixture records its errors). */
function collectWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

/** Opens the floating chat with its launcher and waits for the greeting. */
async function openChat(page: Page): Promise<void> {
  await chat(page).open();
  await chat(page).said(GREETING).waitFor(SEEN);
}

/** Sends `text` and waits until the assistant's `reply` shows. */
async function say(page: Page, text: string, reply: RegExp): Promise<void> {
  await chat(page).send(text);
  await chat(page).said(reply).first().waitFor(SEEN);
}

/**
 * What the API received while `act` ran, followed by one message sent and answered: whatever `act` caused
 * started before that message, so a request it made cannot slip past the check.
 */
async function requestsWhile(page: Page, act: () => Promise<void>): Promise<string[]> {
  const before = (await api.requests()).length;
  await act();
  await say(page, 'hello', /I'm the/);
  const since: LoggedRequest[] = (await api.requests()).slice(before);
  return summary(since);
}

/** One message posted and answered: what {@link requestsWhile} sees when `act` asked nothing. */
const ONLY_THE_MESSAGE = [expect.stringMatching(/^POST \/conversations\/[\w-]+\/messages → 200$/)];

/** Clicks "Render again" `times` times and waits until the app has rendered them all. */
async function renderAgain(page: Page, times: number): Promise<void> {
  for (let count = 0; count < times; count++) await page.getByRole('button', { name: 'Render again' }).click();
  await page
    .getByLabel('Renders')
    .filter({ hasText: String(times) })
    .waitFor();
}

/** The requests of the clinic's assistant (an app may have a second one, inline). */
const clinics = (requests: LoggedRequest[]) =>
  requests.filter(
    (request) =>
      request.method !== 'POST' ||
      request.path !== '/conversations' ||
      (request.body as { assistant_id: string }).assistant_id === ASSISTANTS.northwind,
  );

/** How the checklist opens the chat after the reload: the launcher, or the app's "Ask us" button (a ref's method). */
type Reopen = 'launcher' | 'ask-us';

/** What one app's page is, for {@link usesTheChat}. */
interface AppPage {
  /** The page's URL, without the query. */
  url: string;
  /** More of the query, for the app. */
  search?: string;
  /** What the page says it was built with. */
  builtWith?: RegExp;
  /** Its "Chat open" checkbox controls the panel (`open` and `onOpen`/`onClose`). */
  controlled?: boolean;
  reopen?: Reopen;
}

/**
 * The checklist, in one page session and a reload: the chat opens with the app's variables and words, sends
 * and shows the reply without the function-call cards the app turned off, stays open with its conversation
 * through a theme change and renders of the app while nothing is asked, the app hears the events, and after a
 * reload the conversation resumes: one conversation, each message sent once, nothing in the console.
 */
async function usesTheChat({ url, search = '', builtWith, controlled = false, reopen = 'launcher' }: AppPage): Promise<void> {
  const { page } = browser;
  const warnings = collectWarnings(page);
  await page.goto(`${url}?${query()}&${search}`);
  if (builtWith) expect(await page.getByLabel('Built with').textContent()).toMatch(builtWith);

  await openChat(page);
  expect(await chat(page).input.getAttribute('placeholder')).toBe('Ask Riverside Clinic…');
  await say(page, 'book a cleaning', /booked in!/);
  expect(
    await chat(page)
      .log.getByRole('button', { name: /^Book appointment/ })
      .count(),
  ).toBe(0);

  const asked = await requestsWhile(page, async () => {
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await page.locator('assistant-chat-root[data-theme="dark"]').first().waitFor({ state: 'attached' });
    await renderAgain(page, 10);
  });
  expect(asked).toEqual(ONLY_THE_MESSAGE);
  expect(await chat(page).panel.isVisible()).toBe(true);
  expect(await chat(page).said(GREETING).count()).toBe(1);

  const events = page.getByRole('list', { name: 'Events' });
  for (const event of ['open', 'conversation', 'message user', 'message assistant']) {
    await events.getByText(event, { exact: true }).first().waitFor();
  }
  if (controlled) expect(await page.getByRole('checkbox', { name: 'Chat open' }).isChecked()).toBe(true);

  await page.reload();
  if (reopen === 'ask-us') {
    await page.getByRole('button', { name: 'Ask us' }).click();
    await chat(page).said(GREETING).waitFor(SEEN);
  } else {
    await openChat(page);
  }
  await chat(page).mine('book a cleaning').waitFor(SEEN);
  expect(await chat(page).mine('book a cleaning').count()).toBe(1);
  if (controlled) {
    const open = page.getByRole('checkbox', { name: 'Chat open' });
    await page.getByRole('checkbox', { name: 'Chat open', checked: true }).waitFor();
    await open.uncheck();
    await chat(page).panel.waitFor({ state: 'hidden' });
  }

  const requests = clinics(await api.requests());
  expect(creates(requests), summary(requests).join('\n')).toHaveLength(1);
  expect(messagePosts(requests), summary(requests).join('\n')).toHaveLength(2);
  expect(browser.errors.unexpected()).toEqual([]);
  expect(warnings).toEqual([]);
}

describe('a React 18 app with <AssistantChat> in StrictMode', () => {
  test(
    'opens, sends, shows the reply, resumes after a reload, holds through a theme change and renders, and hears the events',
    BUILD_TIME,
    async () => {
      await ready('react18');
      await usesTheChat({ url: `${site.url}/dist/react18/index.html`, builtWith: /^React 18\./, controlled: true, reopen: 'ask-us' });
    },
  );
});

describe('a React 19 app', () => {
  test('with <AssistantChat> in StrictMode: the checklist, the open state controlled by the app', BUILD_TIME, async () => {
    await ready('react19');
    await usesTheChat({ url: `${site.url}/dist/react19/index.html`, builtWith: /^React 19\./, controlled: true, reopen: 'ask-us' });
  });

  test('with the <assistant-chat> element: its properties, its onchat-* events, show() and the open attribute', BUILD_TIME, async () => {
    await ready('react19');
    const { page } = browser;
    await usesTheChat({ url: `${site.url}/dist/react19/index.html`, search: 'via=element', controlled: true, reopen: 'ask-us' });
    expect(await page.locator('assistant-chat').getAttribute('open')).toBeNull();
  });
});

describe('a Next.js App Router app, server-rendered', () => {
  let server: AppServer | undefined;
  afterAll(() => server?.close());

  test('with <AssistantChat> in a client component, and inline in a Server Component: hydrates cleanly, then the checklist', BUILD_TIME, async () => {
    await ready('next');
    server = await startNext(join(APPS_DIR, 'next'));
    const { page } = browser;
    await usesTheChat({ url: `${server.url}/`, controlled: true });
    const help = page.getByRole('region', { name: 'Quiet helper' });
    await help.getByRole('textbox', { name: TEXT.composer }).waitFor(SEEN);
  });

  test(
    'with the <assistant-chat> element, server-rendered by a client component: hydrated without a mismatch, its attributes in effect',
    BUILD_TIME,
    async () => {
      await ready('next');
      server ??= await startNext(join(APPS_DIR, 'next'));
      const { page } = browser;
      const warnings = collectWarnings(page);
      await page.goto(`${server.url}/element?${query()}`);
      await chat(page).open();
      await chat(page)
        .said(/I can check availability/)
        .waitFor(SEEN);
      await say(page, 'book a cleaning', /booked in!/);
      expect(
        await chat(page)
          .log.getByRole('button', { name: /^Book appointment/ })
          .count(),
      ).toBe(0);
      expect(browser.errors.unexpected()).toEqual([]);
      expect(warnings).toEqual([]);
    },
  );
});

describe('a Vue 3 app with the <assistant-chat> element', () => {
  test(
    'opens, sends, shows the reply, resumes after a reload, holds through a theme change and renders, and hears the events',
    BUILD_TIME,
    async () => {
      await ready('vue');
      await usesTheChat({ url: `${site.url}/dist/vue/index.html` });
    },
  );
});

describe('a Svelte 5 app with the <assistant-chat> element', () => {
  test(
    'opens, sends, shows the reply, resumes after a reload, holds through a theme change and renders, and hears the events',
    BUILD_TIME,
    async () => {
      await ready('svelte');
      await usesTheChat({ url: `${site.url}/dist/svelte/index.html` });
    },
  );
});

describe('an Angular app with the <assistant-chat> element', () => {
  test(
    'opens, sends, shows the reply, resumes after a reload, holds through a theme change and renders, and hears the events',
    BUILD_TIME,
    async () => {
      await ready('angular');
      await usesTheChat({ url: `${site.url}/dist/angular/index.html` });
    },
  );
});

describe('Preact apps with ChatWidget and mount()', () => {
  test('Preact 10: the checklist', BUILD_TIME, async () => {
    await ready('preact10');
    await usesTheChat({ url: `${site.url}/dist/preact10/index.html`, builtWith: /^Preact 10\./ });
  });

  test('Preact 11: the checklist, and a second assistant mounted inline with mount(), which answers', BUILD_TIME, async () => {
    await ready('preact11');
    const { page } = browser;
    await usesTheChat({ url: `${site.url}/dist/preact11/index.html`, builtWith: /^Preact 11\./ });
    await page.getByRole('button', { name: 'Show help' }).click();
    const help = page.getByRole('region', { name: 'Quiet helper' });
    const input = help.getByRole('textbox', { name: TEXT.composer });
    await input.fill('hello');
    await input.press('Enter');
    await help
      .getByText(/I'm the/)
      .first()
      .waitFor(SEEN);
    const created = creates(await api.requests()).map((request) => (request.body as { assistant_id: string }).assistant_id);
    expect(created).toEqual([ASSISTANTS.northwind, ASSISTANTS.quiet]);
  });
});
