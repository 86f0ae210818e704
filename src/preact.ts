/**
 * `import 'assistant-chat-widget/preact'`: registers `<assistant-chat>` (like `assistant-chat-widget/element`)
 * and declares it in Preact's JSX, with its attributes, properties and events. Preact sets the properties
 * (`variables={{ name: 'Ada' }}`, `showFunctionCalls={false}`, `open`) as they are, and adds `onchat-*` handlers
 * as event listeners. (For a Preact app, the `ChatWidget` component of the main entry does the same job.)
 */
import type { AssistantChatElement } from './element';
import type { AssistantChatJsxProps } from './jsx';

export * from './element';
export type { AssistantChatAttributes, AssistantChatEventProps, AssistantChatJsxProps, AssistantChatProperties } from './jsx';

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Preact's own namespace
  namespace JSX {
    interface IntrinsicElements {
      /** The chat widget (see `AssistantChatElement`). */
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the name every Preact 10.25+ has
      'assistant-chat': Omit<JSX.HTMLAttributes<AssistantChatElement>, keyof AssistantChatJsxProps> & AssistantChatJsxProps;
    }
  }
}
