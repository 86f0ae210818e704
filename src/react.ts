/**
 * `import 'assistant-chat-widget/react'`: registers `<assistant-chat>` (like `assistant-chat-widget/element`)
 * and declares it in React's JSX, with its attributes, properties and events. React 19 sets the properties
 * (`variables={{ name: 'Ada' }}`, `showFunctionCalls={false}`, `open`) as they are, and adds `onchat-*` handlers
 * as event listeners.
 */
import type * as React from 'react';
import type { AssistantChatElement } from './element';
import type { AssistantChatJsxProps } from './jsx';

export * from './element';
export type { AssistantChatAttributes, AssistantChatEventProps, AssistantChatJsxProps, AssistantChatProperties } from './jsx';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** The chat widget (see `AssistantChatElement`). */
      'assistant-chat': Omit<React.DetailedHTMLProps<React.HTMLAttributes<AssistantChatElement>, AssistantChatElement>, keyof AssistantChatJsxProps> &
        AssistantChatJsxProps;
    }
  }
}
