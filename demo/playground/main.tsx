/// <reference types="vite/client" />
/**
 * The playground's entry: picks the real browser objects (storage, hash, timers, the widget's `mount`)
 * in this one place and renders the page.
 */
import { render } from 'preact';
import { mount } from '../../src/index';
import { App } from './components/App';
import { createDataLayerLog } from './data-layer-log';
import { createPageTheme } from './page-theme';
import { createSettingsPersistence, safeLocalStorage, safeSessionStorage, windowHashLocation } from './persistence';
import { createPlayground } from './state';
import './playground.css';

const storage = safeLocalStorage(window);
let nextId = 0;
const playground = createPlayground({
  mount,
  persistence: createSettingsPersistence({ location: windowHashLocation(window), storage }),
  pageUrl: window.location.href,
  newId: () => `row-${++nextId}`,
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  dataLayerLog: createDataLayerLog({ win: window, now: () => Date.now() }),
  visitStorage: safeSessionStorage(window),
});
const pageTheme = createPageTheme({ storage, root: document.documentElement });

const root = document.getElementById('app');
if (root) render(<App pg={playground} pageTheme={pageTheme.theme} />, root);

// Vite's hot reload replaces this module: take the old widget and effects down with it.
import.meta.hot?.dispose(() => {
  if (root) render(null, root);
  playground.dispose();
  pageTheme.dispose();
});
