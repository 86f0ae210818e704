/**
 * A Server Component page whose chat is the `<assistant-chat>` element, rendered by a client component of the
 * app (./clinic-chat.tsx): server-rendered, then hydrated. (The element's entry must be imported by a client
 * module: imported by a Server Component file, it would not reach the browser.) The API and the assistant come
 * from the page's URL (`?api=…&assistant=…`).
 */
import { ClinicChat } from './clinic-chat';

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ElementPage({ searchParams }: { searchParams: Search }) {
  const { api = '', assistant = '' } = (await searchParams) as Record<string, string>;
  return (
    <main>
      <h1>Riverside Clinic</h1>
      <ClinicChat assistantId={assistant} apiBase={api} />
    </main>
  );
}
