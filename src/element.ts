/**
 * `<assistant-chat assistant-id="…">`: the widget as a custom element, for React, Vue, Angular and
 * plain HTML. Importing this entry registers the element; the package index registers nothing.
 * Attributes mirror the script tag's data attributes without `data-` (`api-base`, `show-function-calls`…),
 * plus `inline` to render the panel inside the element. Events: `chat-open`, `chat-close`,
 * `chat-message`, `chat-error`, `chat-conversation` (bubbling `CustomEvent`s; the detail as in `WidgetHandle.on`).
 */
import type { VariableValue } from './api/types';
import { configKeys, readAttributes, toAttributeName, type RuntimeOptions } from './config';
import { cleanVariables, parseConfig } from './panel/settings';
import { mount, type WidgetEvent, type WidgetHandle } from './mount';

/** The element's tag name. */
export const TAG_NAME = 'assistant-chat';

const EVENTS: readonly WidgetEvent[] = ['open', 'close', 'message', 'error', 'conversation'];
const PREFIX = 'AssistantChat: ';
// Without a DOM (server rendering) the module still loads; it just defines nothing.
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/** The `<assistant-chat>` element. */
export class AssistantChatElement extends Base {
  /** Every setting attribute (`data-target` has no meaning here: the element is the target). */
  static readonly observedAttributes = configKeys().filter((key) => key !== 'target').map(toAttributeName);

  #handle: WidgetHandle | null = null;
  #scheduled = false;
  #runtime: RuntimeOptions = {};

  /** JS-only options (`fetch`, `strings`); setting them remounts the widget. */
  get options(): RuntimeOptions {
    return this.#runtime;
  }
  set options(value: RuntimeOptions) {
    this.#runtime = value ?? {};
    this.#schedule();
  }

  /** Whether the panel is open. */
  get isOpen(): boolean {
    return this.#handle?.isOpen ?? false;
  }

  connectedCallback(): void {
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#unmount();
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    const handle = this.#handle;
    if (handle && name === 'open') {
      if (value === null || value.trim().toLowerCase() === 'false') handle.close();
      else handle.open();
    } else if (handle && name === 'variables') {
      const problems: string[] = [];
      const variables = cleanVariables(value ?? '', 'variables', problems);
      if (problems.length) console.warn(PREFIX + problems.join(' '));
      handle.setVariables(variables);
    } else {
      this.#schedule();
    }
  }

  /** Opens the panel. */
  open(): void {
    this.#handle?.open();
  }
  /** Closes the panel. */
  close(): void {
    this.#handle?.close();
  }
  /** Opens or closes the panel. */
  toggle(): void {
    this.#handle?.toggle();
  }
  /** Sends a message as the visitor. */
  send(text: string): void {
    this.#handle?.send(text);
  }
  /** Starts a new conversation. */
  reset(): Promise<void> {
    return this.#handle?.reset() ?? Promise.resolve();
  }
  /** Replaces the variables of the next conversation. */
  setVariables(variables: Record<string, VariableValue>): void {
    this.#handle?.setVariables(variables);
  }

  // Attribute changes come in bursts (a framework sets several at once): remount once, after them.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) this.#remount();
    });
  }

  #remount(): void {
    this.#unmount();
    const parsed = parseConfig(readAttributes(this, ''), { pageUrl: this.ownerDocument.baseURI, source: 'element' });
    if (parsed.problems.length) (parsed.config ? console.warn : console.error)(PREFIX + parsed.problems.join(' '));
    if (!parsed.config) return;
    try {
      this.#handle = mount(this, { ...parsed.config, ...this.#runtime, inline: parsed.inline });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return;
    }
    for (const event of EVENTS) {
      this.#handle.on(event, (detail) => {
        this.dispatchEvent(new CustomEvent('chat-' + event, { detail, bubbles: true }));
      });
    }
  }

  #unmount(): void {
    this.#handle?.destroy();
    this.#handle = null;
  }
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
