/**
 * The types of `assistant-chat-widget/widget.js`, the script-tag build (built from src/embed.ts): a classic
 * script that exports nothing and installs `window.AssistantChat`. A TypeScript page that loads it with a
 * script tag gets the global's type with `import type {} from 'assistant-chat-widget/widget.js'`.
 */
import type { AssistantChatApi } from './boot/global';

declare global {
  /** The script tag's API: `AssistantChat('open')`, `AssistantChat.on('message', …)`… (installed by dist/widget.js). */
  var AssistantChat: AssistantChatApi;
}

export {};
