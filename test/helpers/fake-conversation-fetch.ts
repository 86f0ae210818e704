/**
 * An in-memory `fetch` that answers like the conversation API (src/api/contract/conversations.md) and
 * records every request, for tests that inject the transport (`mount(…, { fetch })`).
 */
import type { FetchLike } from '../../src/api/client';
import type { WireMessage } from '../../src/api/types';

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  /** The URL as the widget built it. */
  url: string;
  /** The parsed JSON body, or undefined without one. */
  body: unknown;
}

/** The fake transport and what it saw. */
export interface FakeConversationFetch {
  fetch: FetchLike;
  requests: RecordedRequest[];
  /** The conversations created so far, by id. */
  conversations: Map<string, WireMessage[]>;
}

/** Creates the fake; every assistant exists and greets with `greeting` (none when empty). */
export function createFakeConversationFetch(options: { greeting?: string } = {}): FakeConversationFetch {
  const requests: RecordedRequest[] = [];
  const conversations = new Map<string, WireMessage[]>();
  let next = 0;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetch: FetchLike = async (url, init) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    requests.push({ method, url, body });
    const path = new URL(url, 'http://widget.test').pathname;
    const match = /\/conversations\/([0-9a-f-]{36})(\/messages)?$/.exec(path);
    if (method === 'POST' && path.endsWith('/conversations')) {
      const id = `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
      const history: WireMessage[] = options.greeting ? [{ role: 'assistant', content: options.greeting }] : [];
      conversations.set(id, history);
      return json(200, { status: true, conversation_id: id, history });
    }
    const history = match ? conversations.get(match[1]!) : undefined;
    if (!match || !history) return json(404, { status: false, error: 'Conversation not found' });
    if (method === 'GET' && !match[2]) return json(200, { status: true, history });
    const message = typeof body?.message === 'string' ? body.message : '';
    const reply = `You said: ${message}`;
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply, function_calls: [] });
    return json(200, { status: true, message: reply, function_calls: [] });
  };
  return { fetch, requests, conversations };
}

/** A fake served over HTTP on 127.0.0.1 (ephemeral port), for widgets that use the page's own `fetch`. */
export interface ServedFake extends FakeConversationFetch {
  /** The API root, e.g. `http://127.0.0.1:43123/api`. */
  url: string;
  close(): Promise<void>;
}

/** Serves {@link createFakeConversationFetch} on 127.0.0.1 with open CORS, as a script tag's `data-api-base`. */
export async function serveFakeConversationApi(options: { greeting?: string } = {}): Promise<ServedFake> {
  const { createServer } = await import('node:http');
  const fake = createFakeConversationFetch(options);
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept',
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const init: RequestInit = { method: req.method ?? 'GET', ...(body ? { body } : {}) };
      void fake.fetch('http://127.0.0.1' + (req.url ?? '/'), init).then(async (response) => {
        res.writeHead(response.status, { ...cors, 'Content-Type': 'application/json' }).end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
