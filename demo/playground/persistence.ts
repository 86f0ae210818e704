/**
 * Where the playground keeps its settings so a reload (or a shared link) brings them back: the URL hash
 * first, localStorage second. Both are untrusted text; storage may be blocked or full.
 */
import type { StorageLike } from '../../src/store/types';

/** The subset of `window.location` / `window.history` the page uses, injected for tests. */
export interface HashLocation {
  /** The current hash, with or without the leading `#`. */
  read(): string;
  /** Replaces the hash without adding a history entry (empty: no hash). */
  write(hash: string): void;
  /** Calls `listener` when the owner edits the hash or follows a link; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Saved settings, in their encoded (URL parameter) form. */
export interface SettingsPersistence {
  /** The saved settings text: the hash if it has any, else what localStorage holds, else ''. */
  load(): string;
  /** Saves to both places. */
  save(encoded: string): void;
  /** Calls `listener` with the new text when the hash changes from outside the page's own saves. */
  onExternalChange(listener: (encoded: string) => void): () => void;
}

const STORAGE_KEY = 'assistant-chat-playground';
const VERSION = 1;

/** Keeps settings in the hash and in storage (a versioned envelope; anything else is ignored). */
export function createSettingsPersistence(deps: { location: HashLocation; storage: StorageLike | null }): SettingsPersistence {
  let lastWritten: string | null = null;

  function fromStorage(): string {
    try {
      const raw = deps.storage?.getItem(STORAGE_KEY);
      if (!raw) return '';
      const envelope: unknown = JSON.parse(raw);
      if (typeof envelope !== 'object' || envelope === null) return '';
      const { v, settings } = envelope as { v?: unknown; settings?: unknown };
      return v === VERSION && typeof settings === 'string' ? settings : '';
    } catch {
      return '';
    }
  }

  return {
    load() {
      const hash = settingsHash(deps.location.read());
      return hash || fromStorage();
    },
    save(encoded) {
      lastWritten = encoded;
      deps.location.write(encoded);
      try {
        deps.storage?.setItem(STORAGE_KEY, JSON.stringify({ v: VERSION, settings: encoded }));
      } catch {
        // Blocked or full storage: the hash still holds the settings.
      }
    },
    onExternalChange(listener) {
      return deps.location.subscribe(() => {
        const hash = settingsHash(deps.location.read());
        if (hash && hash !== lastWritten) listener(hash);
      });
    },
  };
}

/** The hash's text when it holds settings (`name=value` pairs); '' for none or a plain anchor like `#embed`. */
function settingsHash(hash: string): string {
  const text = hash.replace(/^#/, '');
  return text.includes('=') ? text : '';
}

/** The real hash of this window. */
export function windowHashLocation(win: Window): HashLocation {
  return {
    read: () => win.location.hash,
    write(hash) {
      const url = win.location.pathname + win.location.search + (hash ? '#' + hash : '');
      try {
        win.history.replaceState(win.history.state, '', url);
      } catch {
        // Some sandboxed frames refuse replaceState; the settings are still in storage.
      }
    },
    subscribe(listener) {
      win.addEventListener('hashchange', listener);
      return () => win.removeEventListener('hashchange', listener);
    },
  };
}

/** `window.localStorage`, or null where reading it throws (blocked cookies, sandboxed frames). */
export function safeLocalStorage(win: Window): StorageLike | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** `window.sessionStorage`, or null where reading it throws. */
export function safeSessionStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}
