/**
 * A Server Component page, rendered on the server for each request: the clinic's floating chat is a client
 * component of the app's own (./chat.tsx: `<AssistantChat>` with its events), and a second assistant's chat
 * sits inline in a help section, rendered by this Server Component itself: `assistant-chat-widget/react` is a
 * client module, so `<AssistantChat>` may be used here with props that are data. The API and the assistants
 * come from the page's URL (`?api=…&assistant=…&helper=…`).
 */
import { AssistantChat } from 'assistant-chat-widget/react';
import { Chat } from './chat';

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: Search }) {
  const { api = '', assistant = '', helper = '' } = (await searchParams) as Record<string, string>;
  return (
    <main>
      <h1>Riverside Clinic</h1>
      <Chat assistantId={assistant} apiBase={api} />
      <section aria-label="Help">
        <AssistantChat assistantId={helper} apiBase={api} type="test" inline title="Quiet helper" style={{ height: 480 }} />
      </section>
    </main>
  );
}
