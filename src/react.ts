/**
 * `assistant-chat-widget/react`: the `<AssistantChat>` component (React 18 and 19, server rendering included:
 * the built file starts with `'use client'`, so a Server Component imports it as it is), and `<assistant-chat>`,
 * which this entry registers (like `assistant-chat-widget/element`) and declares in React's JSX.
 *
 * The element in JSX: React 19 sets its properties (`variables={{ name: 'Ada' }}`, `showFunctionCalls={false}`,
 * `open`) as they are and adds `onchat-*` handlers (lower case, as the events are named) as event listeners.
 * React 18 does neither: it writes every prop as an attribute (an object becomes "[object Object]") and hears
 * no custom event, so on React 18 use `<AssistantChat>`. And the element is registered by this file running in
 * the browser: in a Next.js Server Component file, import this entry (or render `<AssistantChat>`, which
 * imports it for you) so that the page ships it.
 */
import type * as React from 'react';
import type { AssistantChatElement } from './element';
import type { AssistantChatJsxProps } from './jsx';

export * from './element';
export { AssistantChat } from './react/AssistantChat';
export type { AssistantChatHandle, AssistantChatProps } from './react/AssistantChat';
export type { AssistantChatAttributes, AssistantChatEventProps, AssistantChatJsxProps, AssistantChatProperties } from './jsx';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /**
       * The chat widget as a custom element (see `AssistantChatElement`). Properties and `onchat-*` events need
       * React 19; on React 18 use `<AssistantChat>`.
       */
      'assistant-chat': Omit<React.DetailedHTMLProps<React.HTMLAttributes<AssistantChatElement>, AssistantChatElement>, keyof AssistantChatJsxProps> &
        AssistantChatJsxProps;
    }
  }
}
