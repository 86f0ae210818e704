'use client';
/**
 * The clinic's chat as the `<assistant-chat>` element, server-rendered, then hydrated: with its attributes
 * only, since React 19 sets a custom element's properties and event listeners when it renders on the client
 * but not when it hydrates server-rendered markup (react#35446). (`<AssistantChat>` has neither limit.)
 */
import 'assistant-chat-widget/react';

export function ClinicChat({ assistantId, apiBase }: { assistantId: string; apiBase: string }) {
  return <assistant-chat assistant-id={assistantId} api-base={apiBase} type="test" show-function-calls="false" />;
}
