/**
 * The live widget in the preview: mounts it with the page's options and mounts it again when they change
 * (keeping the panel open if it was), and turns its events into signals the page reads.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { VariableValue } from '../../src/api/types';
import type { MountOptions, WidgetHandle } from '../../src/mount';

/** What the live widget needs: the widget's `mount` (injected, so the page code has no hidden imports). */
export interface LiveWidgetDeps {
  mount: (target: Element, options: MountOptions) => WidgetHandle;
}

/** The widget currently on the page, as signals, plus the calls that change it. */
export interface LiveWidget {
  /** The mounted widget, or null while there is no target or the settings are not usable. */
  readonly handle: ReadonlySignal<WidgetHandle | null>;
  /** The conversation the widget is showing (from its `conversation` event); null until it starts one. */
  readonly conversationId: ReadonlySignal<string | null>;
  /** Counts the widget's `message` events: a change means the history changed. */
  readonly revision: ReadonlySignal<number>;
  /** Whether the panel is open (from the `open` and `close` events). */
  readonly isOpen: ReadonlySignal<boolean>;
  /** Where the widget goes (the preview's frame); null detaches it. */
  setTarget(target: Element | null): void;
  /**
   * Shows the widget with these options (null: no widget). Mounts again only when something other than
   * the variables changed; new variables go to the running widget, for its next conversation.
   */
  show(options: MountOptions | null): void;
  /** Mounts the widget afresh, closed: what it starts on a page load (the teaser's delay, the timed open) starts again. */
  restart(): void;
  /** Unmounts the widget and forgets the target. */
  dispose(): void;
}

/** Creates the controller of the preview's live widget. */
export function createLiveWidget(deps: LiveWidgetDeps): LiveWidget {
  const handle = signal<WidgetHandle | null>(null);
  const conversationId = signal<string | null>(null);
  const revision = signal(0);
  const isOpen = signal(false);
  let target: Element | null = null;
  let wanted: MountOptions | null = null;
  /** The identity of the widget on the page (see `identityOf`); kept across a remount, '' when there is none. */
  let mountedIdentity = '';
  /** The look of the widget on the page (see `lookOf`); '' when none is mounted. */
  let mountedLook = '';
  let mountedVariables = '';
  let unsubscribe: Array<() => void> = [];

  /** Takes the widget down; returns whether its panel was open. */
  function unmount(): boolean {
    const current = handle.peek();
    if (!current) return false;
    const wasOpen = current.isOpen;
    unsubscribe.forEach((off) => off());
    unsubscribe = [];
    current.destroy();
    handle.value = null;
    isOpen.value = false;
    mountedLook = '';
    return wasOpen;
  }

  // Called from the page's effects: reads use peek() so they never subscribe those effects to our own signals.
  function render(): void {
    const options = wanted;
    if (!target || !options) {
      unmount();
      conversationId.value = null;
      mountedIdentity = '';
      return;
    }
    const { variables = {} } = options;
    const identity = identityOf(options);
    const look = lookOf(options);
    const variablesKey = JSON.stringify(variables);
    const current = handle.peek();
    if (current && identity === mountedIdentity && (look === mountedLook || updateInPlace(current, options))) {
      mountedLook = look;
      if (variablesKey !== mountedVariables) {
        current.setVariables(variables as Record<string, VariableValue>);
        mountedVariables = variablesKey;
      }
      return;
    }
    const wasOpen = unmount();
    // A new look for the same assistant resumes the same conversation: keep showing it meanwhile.
    if (identity !== mountedIdentity) conversationId.value = null;
    mountedIdentity = identity;
    const next = deps.mount(target, { ...options, open: wasOpen || options.open === true });
    mountedLook = look;
    mountedVariables = variablesKey;
    isOpen.value = next.isOpen;
    unsubscribe = [
      next.on('open', () => (isOpen.value = true)),
      next.on('close', () => (isOpen.value = false)),
      next.on('conversation', (detail) => (conversationId.value = conversationIdOf(detail))),
      next.on('message', () => (revision.value = revision.peek() + 1)),
    ];
    handle.value = next;
  }

  return {
    handle,
    conversationId,
    revision,
    isOpen,
    setTarget(element) {
      if (element === target) return;
      unmount();
      target = element;
      render();
    },
    show(options) {
      wanted = options;
      render();
    },
    restart() {
      unmount();
      render();
    },
    dispose() {
      unmount();
      target = null;
      mountedIdentity = '';
      conversationId.value = null;
    },
  };
}

/** What a conversation belongs to: a change of assistant, API or conversation type always needs a new widget. */
function identityOf(options: MountOptions): string {
  return JSON.stringify([options.assistantId, options.apiBase, options.type]);
}

/** Everything else but the variables (theme, colour, corner, title, locale, cards…), as one comparable key. */
function lookOf(options: MountOptions): string {
  const { assistantId, apiBase, type, variables, ...look } = options;
  return JSON.stringify(look);
}

/**
 * Shows a new look on the running widget without mounting it again; false when it cannot, and the caller
 * mounts a new one. mount()'s handle cannot change its options yet; once it has `update(options)`, this
 * becomes `handle.update(options); return true;` and the panel stays open with no request.
 */
function updateInPlace(_handle: WidgetHandle, _options: MountOptions): boolean {
  return false;
}

/** The conversation id in a `conversation` event's detail: the id itself, or an object carrying it. */
function conversationIdOf(detail: unknown): string | null {
  if (typeof detail === 'string') return detail;
  if (typeof detail === 'object' && detail !== null) {
    const record = detail as Record<string, unknown>;
    const id = record.conversationId ?? record.conversation_id ?? record.id;
    if (typeof id === 'string') return id;
  }
  return null;
}
