/**
 * The storage seam: Web Storage where the browser allows it, memory where it does not.
 */
import type { StorageChoice } from '../config/table';
import type { StorageLike } from './types';

/**
 * A storage that never throws. `local` and `session` use the browser's storage when it can be
 * reached (it cannot in sandboxed frames or with third-party storage blocked) and fall back to
 * memory for the page's life; a key whose write fails (quota) is kept in memory from then on.
 * `memory` keeps nothing beyond the page. `lookup` finds the Web Storage (tests pass their own).
 */
export function createStorage(choice: StorageChoice, lookup: (choice: 'local' | 'session') => Storage = webStorage): StorageLike {
  const memory = new Map<string, string>();
  const memoryOnly = new Set<string>();
  let web: Storage | undefined;
  if (choice !== 'memory') {
    try {
      web = lookup(choice);
    } catch {
      // out of reach: memory only
    }
  }
  const inMemory = (key: string) => !web || memoryOnly.has(key);

  return {
    getItem(key) {
      if (!inMemory(key)) {
        try {
          return web!.getItem(key);
        } catch {
          memoryOnly.add(key);
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      if (inMemory(key)) return;
      try {
        web!.setItem(key, value);
      } catch {
        // Full or refused: keep this key in memory, and do not leave an outdated value behind.
        memoryOnly.add(key);
        try {
          web!.removeItem(key);
        } catch {
          // nothing more to do
        }
      }
    },
    removeItem(key) {
      memory.delete(key);
      memoryOnly.delete(key);
      try {
        web?.removeItem(key);
      } catch {
        // refused: the memory copy is gone, which is what matters
      }
    },
  };
}

function webStorage(choice: 'local' | 'session'): Storage {
  return globalThis[`${choice}Storage`];
}
