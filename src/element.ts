/**
 * `<assistant-chat assistant-id="…">`: the widget as a custom element, for plain HTML, Vue, Angular, React and
 * Preact. Importing this entry registers the element (so do `assistant-chat-widget/react` and `/preact`, which
 * also teach TypeScript the element's JSX); the package index registers nothing.
 *
 * It behaves like the platform's own elements (`<dialog>`, `<details>`):
 * - every setting is an attribute (the script tag's data attributes without `data-`: `api-base`,
 *   `show-function-calls`…) and a property of its natural type (`apiBase`, `showFunctionCalls`…) that reflects
 *   it, so frameworks that set properties (React 19, Preact, Vue) pass objects and booleans as they are;
 * - `open` is a boolean property reflecting the `open` attribute, which follows the panel as the visitor opens
 *   and closes it; the methods (`show`, `close`, `toggle`, `send`, `reset`) have names no attribute has;
 * - a change updates the live widget in place (`WidgetHandle.update`): the look and words change with the
 *   panel left as it is, another assistant, API base, type or storage starts a new conversation, and only
 *   `inline`, or giving or taking away `fetch`, mounts the widget anew.
 *
 * Events: `chat-open`, `chat-close`, `chat-message`, `chat-error`, `chat-conversation` and `chat-unread`: bubbling
 * `CustomEvent`s whose detail is as in `WidgetHandle.on`.
 */
import type { FetchLike } from './api/client';
import type { ConfigContext } from './config/boot';
import { readBootSettings } from './config/boot';
import { flag } from './config/kinds';
import { readAttributes, settingsOn, toAttributeName } from './config/names';
import { readPanelSettings } from './config/panel';
import { SETTINGS, type Inputs, type SettingName, type SettingSpec, type Values, type Visitor } from './config/table';
import { mountWidget } from './boot/mount-widget';
import type { RuntimeOptions, WidgetHandle } from './boot/widget';
import { WIDGET_EVENTS, type WidgetEvent, type WidgetEventMap } from './contract';
import { log } from './log';
import { bundledFiles } from './mount';
import { changedOptions, needsRemount } from './option-changes';
import type { Strings } from './ui/strings';
import type { ChallengeProvider } from './api/challenge';

/** The element's tag name. */
export const TAG_NAME = 'assistant-chat';

/** The element's events, by name: each a bubbling `CustomEvent` with the detail `WidgetHandle.on` passes. */
export type AssistantChatEventMap = { [E in WidgetEvent as `chat-${E}`]: CustomEvent<WidgetEventMap[E]> };

/** The settings that are the element's attributes (all but `target`: the element is the target). */
const ATTRIBUTES = settingsOn('element');

/** A setting of the element. */
export type ElementSettingName = Exclude<SettingName, 'target'>;

/**
 * The element's setting properties, one per attribute, each of its natural type: what the widget uses (the
 * default where the attribute is missing or not understood). Setting one writes its attribute (objects and lists
 * as JSON; `null` removes it). `title` and `nonce` are every element's own.
 */
export type AssistantChatSettings = Omit<Values<Omit<typeof SETTINGS, 'target'>>, 'title' | 'nonce' | 'assistantId' | 'apiBase'> & {
  /** `assistant-id`: the assistant's public UUID, as written. Required. */
  assistantId: string;
  /** `api-base`: the API root in use (default: `/api` on the page's origin). */
  apiBase: string;
};

/** What the element's setting properties take (JSX sets them): values of each setting's type, or text as the attribute would hold it. */
export type AssistantChatSettingInputs = { [K in Exclude<ElementSettingName, 'title' | 'nonce'>]?: Inputs<typeof SETTINGS>[K] | null };

// Without a DOM (server rendering) the module still loads; it just defines nothing.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a stand-in, never instantiated without a DOM
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/** The widget on the page (null when the options were not usable), and the options it was last given. */
interface Live {
  handle: WidgetHandle | null;
  options: Record<string, unknown>;
}

/** The `<assistant-chat>` element. Its setting properties (`theme`, `variables`, …) are made from the settings table below the class. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below types the properties the static block defines
export class AssistantChatElement extends Base {
  /** Every setting's attribute. */
  static readonly observedAttributes = ATTRIBUTES.map(toAttributeName);

  #live: Live | null = null;
  #scheduled = false;
  #missingCheck = false;
  #strings: Partial<Strings> | undefined;
  #fetch: FetchLike | undefined;
  #challenge: ChallengeProvider | undefined;
  // The widget reads its transport when a conversation starts: this one calls whichever `fetch` is set then.
  readonly #callFetch: FetchLike = (input, init) => (this.#fetch ?? fetch)(input, init);

  /** Overrides of the UI's words, by key, e.g. `{ placeholder: 'Ask us…' }` (no attribute). */
  get strings(): Partial<Strings> | undefined {
    return this.#strings;
  }
  set strings(value: Partial<Strings> | null | undefined) {
    this.#strings = value ?? undefined;
    this.#schedule();
  }

  /** A custom transport, e.g. through a proxy that adds auth (no attribute). A new function is taken without a remount. */
  get fetch(): FetchLike | undefined {
    return this.#fetch;
  }
  set fetch(value: FetchLike | null | undefined) {
    this.#fetch = value ?? undefined;
    this.#schedule();
  }

  /** The site's bot check for its gateway (see docs/gateway.md): gives a token before each new conversation (no attribute). */
  get challenge(): ChallengeProvider | undefined {
    return this.#challenge;
  }
  set challenge(value: ChallengeProvider | null | undefined) {
    this.#challenge = value ?? undefined;
    this.#schedule();
  }

  /** `fetch`, `strings` and `challenge` at once. A new object with the same content changes nothing. */
  get options(): RuntimeOptions {
    return { fetch: this.#fetch, strings: this.#strings, challenge: this.#challenge };
  }
  set options(value: RuntimeOptions | null | undefined) {
    this.#fetch = value?.fetch;
    this.#strings = value?.strings;
    this.#challenge = value?.challenge;
    this.#schedule();
  }

  /** Opens the panel (sets `open`). */
  show(): void {
    this.open = true;
  }

  /** Closes the panel (removes `open`). */
  close(): void {
    this.open = false;
  }

  /** Opens the panel when closed, closes it when open. */
  toggle(): void {
    this.open = !this.open;
  }

  /** Sends `text` as the visitor (starting the conversation if needed); does not open the panel. */
  send(text: string): void {
    const handle = this.#live?.handle;
    if (handle) handle.send(text);
    else log('warn', 'send: the message was not sent (the element shows no chat).');
  }

  /** Forgets the conversation and starts a new one. */
  reset(): Promise<void> {
    return this.#live?.handle?.reset() ?? Promise.resolve();
  }

  /** Says who the visitor is: sets `visitor`. */
  identify(visitor: Visitor): void {
    this.visitor = visitor;
  }

  /**
   * The visitor signed out: forgets their conversation, draft, unsent text and answers on this device, and
   * takes `visitor` away.
   */
  async logout(): Promise<void> {
    // The widget forgets first, for the visitor it has; the attribute then goes quietly (it has no visitor left).
    await this.#live?.handle?.logout();
    this.removeAttribute('visitor');
  }

  connectedCallback(): void {
    this.#upgradeProperties();
    // At once, so that a framework's layout effect can already call send().
    this.#apply();
  }

  disconnectedCallback(): void {
    // Later: an element moved elsewhere in the page is connected again by then, and keeps its widget.
    this.#schedule();
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    if (name === 'open') this.#followOpen();
    else this.#schedule();
  }

  /**
   * The setting properties, made from the settings table. Each reads as the widget uses the setting (a boolean
   * attribute that is off by default, `open` and `inline`, reads as present and not `"false"`; the assistant id
   * as written) and writes its attribute: `null` or `undefined` removes it; objects and lists go in as JSON; a
   * boolean attribute off by default is present (empty) when true and absent when false, whatever it held before
   * (`open="false"` becomes `open` when the panel is to open); other values go in as text. A name with capitals
   * has its attribute's spelling as a second property (`show-function-calls`), for frameworks that set
   * properties by the attribute's name (Vue's `.prop`).
   */
  static {
    for (const name of ATTRIBUTES) {
      if (name === 'title' || name === 'nonce') continue;
      const spec: SettingSpec = SETTINGS[name];
      const attribute = toAttributeName(name);
      const presence = spec.kind === 'flag' && spec.default === false;
      const accessor: PropertyDescriptor = {
        configurable: true,
        get(this: AssistantChatElement) {
          if (presence) return isOn(this.getAttribute(attribute));
          if (spec.kind === 'uuid') return this.getAttribute(attribute) ?? '';
          return this.#reading()[name];
        },
        set(this: AssistantChatElement, value: unknown) {
          if (value == null || (presence && value === false)) this.removeAttribute(attribute);
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a primitive here: objects are written as JSON
          else this.setAttribute(attribute, presence && value === true ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
        },
      };
      Object.defineProperty(this.prototype, name, accessor);
      if (attribute !== name) Object.defineProperty(this.prototype, attribute, accessor);
    }
  }

  /** The settings as the widget reads them now: every attribute read, with defaults for what is missing or not understood. */
  #reading(): Record<string, unknown> {
    const attributes = readAttributes(this, 'element');
    return { ...readBootSettings(attributes, this.#context()).values, ...readPanelSettings(attributes).values };
  }

  #context(): ConfigContext {
    return { source: 'element', pageUrl: this.ownerDocument.baseURI };
  }

  /** The options of the widget, as `mount()` takes them: the attributes' text, and the properties without one. */
  #options(): Record<string, unknown> {
    const options: Record<string, unknown> = readAttributes(this, 'element');
    // A page with a Content-Security-Policy hides the nonce attribute's value; the property keeps it.
    if (this.nonce) options.nonce = this.nonce;
    options.strings = this.#strings;
    options.fetch = this.#fetch && this.#callFetch;
    options.challenge = this.#challenge;
    return options;
  }

  // Attribute and property changes come in bursts (a framework sets several at once): apply them once, after.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#apply();
    });
  }

  /** Brings the widget in line with the element: mounted while connected, with the current options. */
  #apply(): void {
    if (!this.isConnected) {
      this.#unmount();
      return;
    }
    const options = this.#options();
    const live = this.#live;
    if (live) {
      // `open` is followed as it changes (see #followOpen).
      const { open: _open, ...changes } = changedOptions(live.options, options);
      if (!Object.keys(changes).length) return;
      live.options = options;
      if (live.handle && !needsRemount(changes) && readBootSettings(options, this.#context()).settings) {
        live.handle.update(changes);
        return;
      }
      live.handle?.destroy();
    }
    this.#live = { handle: this.#mount(options), options };
  }

  /** Mounts the widget; null (and one console message naming the attribute) without a usable assistant id. */
  #mount(options: Record<string, unknown>): WidgetHandle | null {
    const context = this.#context();
    const { problem } = readBootSettings(options, context);
    if (problem) {
      if (this.getAttribute('assistant-id')) log('error', problem);
      else this.#sayIfStillMissing(problem);
      return null;
    }
    // Into the element's own shadow root: its light DOM stays as the page (or a server render) wrote it, so a
    // framework that hydrates the element finds nothing added to it.
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const handle = mountWidget(root, options, bundledFiles, context);
    for (const event of WIDGET_EVENTS) {
      handle.on(event, (detail) => {
        if (event === 'open' || event === 'close') this.#reflectOpen(handle.isOpen);
        this.dispatchEvent(new CustomEvent(`chat-${event}`, { detail, bubbles: true }));
      });
    }
    return handle;
  }

  /**
   * Says that the assistant id is missing if it still is after the next frame: a framework may connect the
   * element before it sets its properties (Angular's first change detection comes a frame or a task later).
   */
  #sayIfStillMissing(message: string): void {
    if (this.#missingCheck) return;
    this.#missingCheck = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.#missingCheck = false;
        if (this.isConnected && !this.getAttribute('assistant-id')) log('error', message);
      }),
    );
  }

  #unmount(): void {
    this.#live?.handle?.destroy();
    this.#live = null;
  }

  /** The `open` attribute changed: the panel follows. */
  #followOpen(): void {
    const handle = this.#live?.handle;
    if (!handle || handle.isOpen === this.open) return;
    if (this.open) handle.open();
    else handle.close();
  }

  /** The panel opened or closed (the visitor, or a method): the attribute follows. */
  #reflectOpen(isOpen: boolean): void {
    if (this.open === isOpen) return;
    if (isOpen) this.setAttribute('open', '');
    else this.removeAttribute('open');
  }

  // A property set before this class was defined sits on the instance and hides the class's accessor: it is
  // taken again through the accessor.
  #upgradeProperties(): void {
    const self = this as unknown as Record<string, unknown>;
    for (const name of PROPERTIES) {
      if (!Object.prototype.hasOwnProperty.call(self, name)) continue;
      const value = self[name];
      Reflect.deleteProperty(self, name);
      self[name] = value;
    }
  }
}

/** The names of the element's own properties: one per setting, and the JavaScript-only ones. */
const PROPERTIES: readonly string[] = [...ATTRIBUTES, 'strings', 'fetch', 'challenge', 'options'];

/** The setting properties (made in the class's static block), and typed listeners for the element's events. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the class
export interface AssistantChatElement extends AssistantChatSettings {
  addEventListener<K extends keyof AssistantChatEventMap>(
    type: K,
    listener: (this: AssistantChatElement, event: AssistantChatEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: AssistantChatElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof AssistantChatEventMap>(
    type: K,
    listener: (this: AssistantChatElement, event: AssistantChatEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: AssistantChatElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Whether a boolean attribute's value means on: present, and not `false` (the config's own reading of flags). */
function isOn(value: string | null): boolean {
  return value !== null && flag(value.trim(), { kind: 'flag' }, [], '') === true;
}

/** Registers `<assistant-chat>` (once; a second call or a second copy of this file does nothing). */
export function defineAssistantChat(): void {
  if (typeof customElements !== 'undefined' && !customElements.get(TAG_NAME)) {
    customElements.define(TAG_NAME, AssistantChatElement);
  }
}

defineAssistantChat();

declare global {
  interface HTMLElementTagNameMap {
    'assistant-chat': AssistantChatElement;
  }
}
