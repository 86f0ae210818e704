/**
 * `assistant-chat-widget/react`: the `<AssistantChat>` component (React 18 and 19, server rendering included:
 * the built file starts with `'use client'`, so a Server Component may render it), and `<assistant-chat>`,
 * which this entry registers (like `assistant-chat-widget/element`) and declares in React's JSX.
 *
 * The element in JSX: React 19 sets its properties (`variables={{ name: 'Ada' }}`, `showFunctionCalls={false}`,
 * `open`) as they are and adds `onchat-*` handlers (lower case, as the events are named) as event listeners,
 * but not when it hydrates server-rendered markup (react#35446). React 18 does neither: it writes every prop
 * as an attribute (an object becomes "[object Object]") and hears no custom event. And the element is
 * registered by this file running in the browser, which an import in a Server Component file does not bring
 * there. `<AssistantChat>` has none of these limits.
 */
import type * as React from 'react';
import type { AssistantChatElement } from './element';
import type { AssistantChatJsxProps } from './jsx';

export * from './element';
export { AssistantChat } from './react/AssistantChat';
export type { AssistantChatHandle, AssistantChatProps } from './react/AssistantChat';
export type { AssistantChatAttributes, AssistantChatEventProps, AssistantChatJsxProps, AssistantChatProperties } from './jsx';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting React's own namespace
  namespace JSX {
    interface IntrinsicElements {
      /**
       * The chat widget as a custom element (see `AssistantChatElement`). Its properties and `onchat-*` events
       * need React 19 rendering in the browser (not hydrating), and it is defined only where a client module
       * imports this entry: `<AssistantChat>` has neither limit.
       */
      'assistant-chat': Omit<React.DetailedHTMLProps<React.HTMLAttributes<AssistantChatElement>, AssistantChatElement>, keyof AssistantChatJsxProps> &
        AssistantChatJsxProps;
    }
  }
}
