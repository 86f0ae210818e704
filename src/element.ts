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
import type { ConversationType, VariableValue } from './api/types';
import { mountWidget, type MountOptions } from './boot/mount-widget';
import type { PanelSource, WidgetEvent, WidgetEventMap, WidgetHandle } from './boot/widget';
import {
  configKeys,
  flag,
  log,
  parseLauncherConfig,
  readAttributes,
  toAttributeName,
  type ConfigContext,
  type LauncherConfig,
  type Position,
  type PrechatField,
  type RuntimeOptions,
  type StorageChoice,
  type Theme,
  type WidgetConfig,
} from './config';
import { changedOptions, needsRemount } from './option-changes';
import { parsePanelSettings } from './panel/settings';
import type { Strings } from './ui/strings';

/** The element's tag name. */
export const TAG_NAME = 'assistant-chat';

/** The element's events, by name: each a bubbling `CustomEvent` with the detail `WidgetHandle.on` passes. */
export type AssistantChatEventMap = { [E in WidgetEvent as `chat-${E}`]: CustomEvent<WidgetEventMap[E]> };

const EVENTS: readonly WidgetEvent[] = ['open', 'close', 'message', 'error', 'conversation', 'unread'];

/** The settings that are attributes (`target` has no meaning here: the element is the target). */
const SETTINGS = configKeys().filter((key) => key !== 'target');

/** The element's own properties: one per setting (`title` and `nonce` are every element's), and `options`. */
const PROPERTIES = [
  'assistantId',
  'apiBase',
  'type',
  'variables',
  'theme',
  'color',
  'position',
  'locale',
  'open',
  'showFunctionCalls',
  'subtitle',
  'avatar',
  'starters',
  'disclaimer',
  'consent',
  'prechat',
  'visitor',
  'offset',
  'zIndex',
  'launcher',
  'storage',
  'inline',
  'strings',
  'fetch',
  'options',
] as const;

/** The panel, bundled by the app's bundler as a chunk of its own that loads when the visitor reaches for the chat. */
const bundledPanel: PanelSource = { load: () => import('./panel/index') };

// Without a DOM (server rendering) the module still loads; it just defines nothing.
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/** The widget on the page (null when the options were not usable), and the options it was last given. */
interface Live {
  handle: WidgetHandle | null;
  options: Record<string, unknown>;
}

/** The `<assistant-chat>` element. */
export class AssistantChatElement extends Base {
  /** Every setting's attribute. */
  static readonly observedAttributes = SETTINGS.map(toAttributeName);

  #live: Live | null = null;
  #scheduled = false;
  #missingCheck = false;
  #strings: Partial<Strings> | undefined;
  #fetch: FetchLike | undefined;
  // The widget reads its transport when a conversation starts: this one calls whichever `fetch` is set then.
  readonly #callFetch: FetchLike = (input, init) => (this.#fetch ?? fetch)(input, init);

  /** `assistant-id`: the assistant's public UUID. Required. */
  get assistantId(): string {
    return this.getAttribute('assistant-id') ?? '';
  }
  set assistantId(value: string | null | undefined) {
    this.#setText('assistant-id', value);
  }

  /** `api-base`: the API root. Reads as the URL in use (default: `/api` on the page's origin). */
  get apiBase(): string {
    return this.#reading().apiBase;
  }
  set apiBase(value: string | null | undefined) {
    this.#setText('api-base', value);
  }

  /** `type`: `widget` (billed, the default) or `test` (free). */
  get type(): ConversationType {
    return this.#reading().type;
  }
  set type(value: ConversationType | null | undefined) {
    this.#setText('type', value);
  }

  /**
   * `variables`: values for the `{{variables}}` of the assistant's prompt and greeting, sent when a conversation
   * starts. Set an object (or JSON text); the attribute holds it as JSON. Default `{}`.
   */
  get variables(): Record<string, VariableValue> {
    return this.#reading().variables;
  }
  set variables(value: Record<string, VariableValue> | string | null | undefined) {
    this.#setText('variables', typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  }

  /** `theme`: `light` (default), `dark` or `auto`. */
  get theme(): Theme {
    return this.#reading().theme;
  }
  set theme(value: Theme | null | undefined) {
    this.#setText('theme', value);
  }

  /** `color`: the accent colour, CSS hex. Default `#4f46e5`. */
  get color(): string {
    return this.#reading().color;
  }
  set color(value: string | null | undefined) {
    this.#setText('color', value);
  }

  /** `position`: the corner, `bottom-right` (default) or another; the platform's `left-bottom` spellings read as the same corners. */
  get position(): Position {
    return this.#reading().position;
  }
  set position(value: Position | null | undefined) {
    this.#setText('position', value);
  }

  /** `locale`: `en`, `de`, … Reads as undefined when not set (the page's language, else the browser's, is used). */
  get locale(): string | undefined {
    return this.#reading().locale;
  }
  set locale(value: string | null | undefined) {
    this.#setText('locale', value);
  }

  /** `storage`: where the conversation id and draft are kept: `local` (default), `session` or `memory`. */
  get storage(): StorageChoice {
    return this.#reading().storage;
  }
  set storage(value: StorageChoice | null | undefined) {
    this.#setText('storage', value);
  }

  /** `show-function-calls`: show the cards of the tools the assistant ran. Default true; false writes `"false"`. */
  get showFunctionCalls(): boolean {
    return this.#reading().showFunctionCalls;
  }
  set showFunctionCalls(value: boolean | null | undefined) {
    this.#setText('show-function-calls', typeof value === 'boolean' ? String(value) : value);
  }

  /** `subtitle`: a line under the title while the conversation is empty. */
  get subtitle(): string | undefined {
    return this.#reading().subtitle;
  }
  set subtitle(value: string | null | undefined) {
    this.#setText('subtitle', value);
  }

  /** `avatar`: an https image URL, shown in the header and the welcome (loaded when the panel opens). */
  get avatar(): string | undefined {
    return this.#reading().avatar;
  }
  set avatar(value: string | null | undefined) {
    this.#setText('avatar', value);
  }

  /** `starters`: up to four prompts the visitor sends with one click. Set an array (or JSON text); the attribute holds JSON. */
  get starters(): string[] {
    return this.#reading().starters;
  }
  set starters(value: readonly string[] | string | null | undefined) {
    this.#setText('starters', typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  }

  /** `disclaimer`: a short line above the composer (markdown links allowed). */
  get disclaimer(): string | undefined {
    return this.#reading().disclaimer;
  }
  set disclaimer(value: string | null | undefined) {
    this.#setText('disclaimer', value);
  }

  /** `consent`: `required` locks the composer until the visitor accepts the disclaimer. Default `none`. */
  get consent(): 'none' | 'required' {
    return this.#reading().consent;
  }
  set consent(value: 'none' | 'required' | null | undefined) {
    this.#setText('consent', value);
  }

  /**
   * `prechat`: the fields asked before the conversation starts (`{ name, label, type, required }`), whose
   * answers become variables. Set an array (or JSON text); the attribute holds JSON.
   */
  get prechat(): PrechatField[] {
    return this.#reading().prechat;
  }
  set prechat(value: readonly Partial<PrechatField>[] | string | null | undefined) {
    this.#setText('prechat', typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  }

  /**
   * `visitor`: who the visitor is (`{ id, name, email, … }`): their values reach the assistant as variables, and
   * their conversation on this device is kept apart from other people's. Set an object (or JSON text); the
   * attribute holds JSON. `identify(visitor)` sets it too.
   */
  get visitor(): Record<string, VariableValue> {
    return this.#reading().visitor;
  }
  set visitor(value: Record<string, VariableValue> | string | null | undefined) {
    this.#setText('visitor', typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  }

  /** `offset`: the launcher's distance from its corner, `x y` (`24px 88px`). Default `20px 20px`. */
  get offset(): string {
    return this.#reading().offset;
  }
  set offset(value: string | null | undefined) {
    this.#setText('offset', value);
  }

  /** `zIndex` (attribute `z-index`): the layer of the launcher and the panel. */
  get zIndex(): number {
    return this.#reading().zIndex;
  }
  set zIndex(value: number | string | null | undefined) {
    this.#setText('z-index', value == null ? value : String(value));
  }

  /** `launcher`: `default`, or `none` to open the chat from the page's own buttons. */
  get launcher(): LauncherConfig['launcher'] {
    return this.#reading().launcher;
  }
  set launcher(value: LauncherConfig['launcher'] | null | undefined) {
    this.#setText('launcher', value);
  }

  /**
   * `open`: whether the panel is open. Setting it opens or closes the panel; the attribute follows the visitor
   * too. `open="false"` reads as closed.
   */
  get open(): boolean {
    return isOn(this.getAttribute('open'));
  }
  set open(value: boolean) {
    this.#setFlag('open', value);
  }

  /** `inline`: only the panel, always shown, inside the element (give the element a height). Default false. */
  get inline(): boolean {
    return isOn(this.getAttribute('inline'));
  }
  set inline(value: boolean) {
    this.#setFlag('inline', value);
  }

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

  /** `fetch` and `strings` at once. A new object with the same content changes nothing. */
  get options(): RuntimeOptions {
    return { fetch: this.#fetch, strings: this.#strings };
  }
  set options(value: RuntimeOptions | null | undefined) {
    this.#fetch = value?.fetch;
    this.#strings = value?.strings;
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
  identify(visitor: Record<string, VariableValue>): void {
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

  #setText(name: string, value: string | null | undefined): void {
    if (value == null) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /**
   * A boolean attribute: present (and empty) when true, absent when false, whatever it held before: `open="false"`
   * becomes `open` when the panel is to open. Text is taken as the attribute would be (`"false"` is false).
   */
  #setFlag(name: string, value: boolean | string): void {
    if (typeof value === 'string') this.setAttribute(name, value);
    else if (value) this.setAttribute(name, '');
    else this.removeAttribute(name);
  }

  /** The settings as the widget reads them now: every attribute parsed, with defaults for what is missing or not understood. */
  #reading(): Omit<WidgetConfig, 'assistantId'> {
    const attributes = readAttributes(this, '');
    const launcher = parseLauncherConfig(attributes, this.#context()).values as Omit<LauncherConfig, 'assistantId'>;
    return { ...launcher, ...parsePanelSettings(attributes).settings };
  }

  #context(): ConfigContext {
    return { source: 'element', pageUrl: this.ownerDocument.baseURI };
  }

  /** The options of the widget, as `mount()` takes them: the attributes' text, and the properties without one. */
  #options(): Record<string, unknown> {
    const options: Record<string, unknown> = readAttributes(this, '');
    // A page with a Content-Security-Policy hides the nonce attribute's value; the property keeps it.
    if (this.nonce) options.nonce = this.nonce;
    options.strings = this.#strings;
    options.fetch = this.#fetch && this.#callFetch;
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
    if (!this.isConnected) return this.#unmount();
    const options = this.#options();
    const live = this.#live;
    if (live) {
      // `open` is followed as it changes (see #followOpen).
      const { open: _open, ...changes } = changedOptions(live.options, options);
      if (!Object.keys(changes).length) return;
      live.options = options;
      if (live.handle && !needsRemount(changes) && parseLauncherConfig(options, this.#context()).config) {
        live.handle.update(changes as Partial<MountOptions>);
        return;
      }
      live.handle?.destroy();
    }
    this.#live = { handle: this.#mount(options), options };
  }

  /** Mounts the widget; null (and one console message naming the attribute) without a usable assistant id. */
  #mount(options: Record<string, unknown>): WidgetHandle | null {
    const context = this.#context();
    const { config, problems } = parseLauncherConfig(options, context);
    if (!config) {
      if (this.getAttribute('assistant-id')) log('error', problems.join(' '));
      else this.#sayIfStillMissing(problems.join(' '));
      return null;
    }
    // Into the element's own shadow root: its light DOM stays as the page (or a server render) wrote it, so a
    // framework that hydrates the element finds nothing added to it.
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const handle = mountWidget(root, options as unknown as MountOptions, bundledPanel, context);
    for (const event of EVENTS) {
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
      delete self[name];
      self[name] = value;
    }
  }
}

/** Typed listeners for the element's events. */
export interface AssistantChatElement {
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
  return value !== null && flag(value.trim()) === true;
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
