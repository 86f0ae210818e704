/**
 * What `<assistant-chat>` takes in JSX, for the React and Preact entries' declarations: the attributes whose
 * names have a dash (set as attributes, so text), the properties (set as properties by React 19 and Preact,
 * each of its natural type; made from the settings table) and the event handlers (`onchat-open`…, which both
 * add as listeners).
 */
import type { RuntimeOptions } from './boot/widget';
import type { AssistantChatElement, AssistantChatEventMap, AssistantChatSettingInputs } from './element';

/** The attributes with a dash in their name: JSX sets them as attributes, so they take text. */
export interface AssistantChatAttributes {
  /** The assistant's public UUID. Required (or `assistantId`). */
  'assistant-id'?: string;
  /** The API root. Default: `/api` on the page's origin. */
  'api-base'?: string;
  /** `"false"` hides the cards of the tools the assistant ran (default `"true"`); or `showFunctionCalls={false}`. */
  'show-function-calls'?: 'true' | 'false';
  /** The launcher's layer; or `zIndex={…}`. */
  'z-index'?: string | number;
}

/** The element's properties, as JSX sets them: every setting (`variables` an object, `open` a boolean…) and the JavaScript-only ones. */
export type AssistantChatProperties = AssistantChatSettingInputs &
  Partial<Pick<AssistantChatElement, 'title' | 'nonce'>> & {
    strings?: RuntimeOptions['strings'] | null;
    fetch?: RuntimeOptions['fetch'] | null;
    challenge?: RuntimeOptions['challenge'] | null;
    options?: RuntimeOptions | null;
  };

/** Listeners of the element's events: `onchat-open`, `onchat-message`… */
export type AssistantChatEventProps = {
  [E in keyof AssistantChatEventMap as `on${E}`]?: (event: AssistantChatEventMap[E]) => void;
};

/** Everything `<assistant-chat>` takes in JSX besides an element's common attributes. */
export type AssistantChatJsxProps = AssistantChatAttributes & AssistantChatProperties & AssistantChatEventProps;
