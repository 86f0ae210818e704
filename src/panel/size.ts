/**
 * The panel's size (`data-size`): `normal`, `expandable` (an Expand button in the header switches to a large
 * layout, about half the window's width and its full height, and back) or `large` (it starts there, with the
 * button). The visitor's choice is kept for the visit, in the tab's storage. Inline, and on a phone where the
 * panel is full screen already, there is no button.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { WidgetConfig } from '../config/table';
import { storageKeys } from '../store/layout';

/** The panel's size, as the header's button drives it. */
export interface PanelSize {
  /** The settings offer the larger view. */
  readonly expandable: ReadonlySignal<boolean>;
  /** The panel is in the large layout. */
  readonly large: ReadonlySignal<boolean>;
  readonly toggle: () => void;
}

/** Follows `config`; `inline` panels have no size of their own. */
export function createSize(config: ReadonlySignal<WidgetConfig>, inline: boolean): PanelSize {
  const key = () => storageKeys(config.peek()).size;
  const chosen = signal(read(key()));
  const expandable = computed(() => !inline && config.value.size !== 'normal');
  return {
    expandable,
    large: computed(() => expandable.value && (chosen.value ?? config.value.size === 'large')),
    toggle() {
      const next = !(chosen.peek() ?? config.peek().size === 'large');
      chosen.value = next;
      try {
        sessionStorage.setItem(key(), next ? 'large' : 'normal');
      } catch {
        // out of reach: the choice lasts as long as the page
      }
    },
  };
}

/** The size chosen earlier in this visit, if any. */
function read(key: string): boolean | undefined {
  try {
    const value = sessionStorage.getItem(key);
    return value === 'large' ? true : value === 'normal' ? false : undefined;
  } catch {
    return undefined;
  }
}
