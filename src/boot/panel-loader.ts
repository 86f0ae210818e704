/**
 * Loading the panel: once, at the first sign that the visitor (or the page) wants it; again after a failure,
 * when the visitor presses Retry or the browser comes back online. While it cannot load, a note says so.
 */
import type { Panel, PanelHost, PanelModule } from '../contract';
import { log } from '../log';

/** How a widget gets its panel. */
export interface PanelSource {
  /** Loads the panel module; `attempt` counts from 0 (a retry may need a fresh URL). */
  load(attempt: number): Promise<PanelModule>;
  /** Where it comes from, for the site owner's console message (undefined when bundled by an app). */
  url?: string | undefined;
}

/** The panel of one widget, loaded or not. */
export interface PanelLoader {
  /** The panel, once it has loaded. */
  readonly panel: Panel | null;
  /** Loads the panel (once), quietly: null when it cannot load (the console says why). */
  load(): Promise<Panel | null>;
  /** Loads the panel for something the visitor asked for: when it cannot load, the note says so, with Retry. */
  need(): Promise<Panel | null>;
  /** Removes the panel, or stops it from coming. */
  destroy(): void;
}

/** What the loader needs from its widget. */
export interface PanelLoaderDeps {
  source: PanelSource;
  host: PanelHost;
  /** Shows the note that the chat cannot load, whose Retry calls `retry`; returns its remover. */
  showFailure: (retry: () => void) => () => void;
  /** The visitor (or the browser coming back online) wants another try. */
  retry: () => void;
}

/** Creates the loader of a widget's panel; nothing loads until asked. */
export function createPanelLoader({ source, host, showFailure, retry }: PanelLoaderDeps): PanelLoader {
  const win = host.root.ownerDocument.defaultView ?? window;
  let panel: Panel | null = null;
  let loading: Promise<Panel | null> | null = null;
  let attempts = 0;
  let destroyed = false;
  // Set while the note is shown: the visitor (or the browser coming back online) may try again.
  let removeFailure: (() => void) | null = null;

  // (Listened to only while the note is shown.)
  const onOnline = () => again();
  function hideFailure() {
    removeFailure?.();
    removeFailure = null;
    win.removeEventListener('online', onOnline);
  }
  function again() {
    hideFailure();
    retry();
  }

  function load(): Promise<Panel | null> {
    if (panel || destroyed) return Promise.resolve(panel);
    loading ??= source.load(attempts++).then(
      (module) => {
        if (destroyed) return null;
        hideFailure();
        panel = module.createPanel(host);
        return panel;
      },
      (error: unknown) => {
        loading = null;
        // (Once per failed try: the visitor's Retry, or the browser coming back online, tries again.)
        log(
          'error',
          `could not load ${source.url ?? 'the chat panel'}: serve it (with Access-Control-Allow-Origin from another origin) and allow it in script-src.`,
          error,
        );
        return null;
      },
    );
    return loading;
  }

  return {
    get panel() {
      return panel;
    },
    load,
    async need() {
      const loaded = await load();
      if (!loaded && !destroyed && !removeFailure) {
        removeFailure = showFailure(again);
        win.addEventListener('online', onOnline);
      }
      return loaded;
    },
    destroy() {
      destroyed = true;
      hideFailure();
      panel?.destroy();
    },
  };
}
