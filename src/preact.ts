/**
 * `import 'assistant-chat-widget/preact'`: registers `<assistant-chat>` (like `assistant-chat-widget/element`)
 * and declares it in Preact's JSX, with its attributes, properties and events. Preact sets the properties
 * (`variables={{ name: 'Ada' }}`, `showFunctionCalls={false}`, `open`) as they are, and adds `onchat-*` handlers
 * as event listeners. (For a Preact app, the `ChatWidget` component of the main entry does the same job.)
 */
import type { JSX } from 'preact';
import type { AssistantChatElement } from './element';
import type { AssistantChatJsxProps } from './jsx';

export * from './element';
export type { AssistantChatAttributes, AssistantChatEventProps, AssistantChatJsxProps, AssistantChatProperties } from './jsx';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      /** The chat widget (see `AssistantChatElement`). */
      'assistant-chat': Omit<JSX.HTMLAttributes<AssistantChatElement>, keyof AssistantChatJsxProps> & AssistantChatJsxProps;
    }
  }
}
