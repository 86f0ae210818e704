/**
 * Reads the owner's assistants from the platform's account API (src/api/contract/assistants.md):
 * `GET {apiBase}/user/assistants/get` with the owner's API key, every page. The only code that sends
 * the key. Every outcome is a value: nothing here throws.
 */
import { isUuid } from '../../src/api/client';
import { lookOf, type AssistantLook } from './look';

/** One of the owner's assistants, as the playground uses it; the record's other fields are ignored. */
export interface AccountAssistant {
  /** The public `uuid`, lower case. */
  id: string;
  name: string;
  /** `status` is `active` (anything else, e.g. `inactive`, is false). */
  active: boolean;
  look: AssistantLook;
}

/** Why the list could not be read. */
export type AccountProblem =
  /** 401 or 403: the key is unknown, revoked or malformed. */
  | 'unauthorized'
  /** No answer at all: offline, wrong host, blocked by CORS, took too long. */
  | 'network'
  /** An answer that is not the API's (an HTML page, a 404 without the API's shape, a body that is not the envelope). */
  | 'not-api'
  /** The API said no in its own words (429, 422, 5xx with a JSON message). */
  | 'refused';

/** The outcome of {@link listAllAssistants}. */
export type ListOutcome =
  | { ok: true; assistants: AccountAssistant[] }
  | { ok: false; problem: AccountProblem; status?: number; message?: string }
  | { ok: false; problem: 'aborted' };

/** The minimal `fetch` this module needs (the browser's, or a fake in tests). */
export type AccountFetch = (url: string, init: RequestInit) => Promise<{ status: number; text(): Promise<string>; headers: Pick<Headers, 'get'> }>;

/** What {@link listAllAssistants} needs. */
export interface ListRequest {
  /** The API root the owner chose, e.g. `/api` or `https://api.example.com`; the key goes nowhere else. */
  apiBase: string;
  apiKey: string;
  fetch: AccountFetch;
  signal?: AbortSignal;
  /** Assistants per request; default {@link PAGE_SIZE}. */
  perPage?: number;
}

/** The endpoint, relative to the API root. */
export const ASSISTANTS_PATH = '/user/assistants/get';

/** The API's own default page size: small answers; an owner with many assistants takes a few requests. */
export const PAGE_SIZE = 10;

/** Pages read at most (a thousand assistants at the default size): a server that never ends cannot loop us. */
export const MAX_PAGES = 100;

/** The URL of one page of the list on `apiBase`. */
export function pageUrl(apiBase: string, page: number, perPage: number): string {
  return `${apiBase.trim().replace(/\/+$/, '')}${ASSISTANTS_PATH}?per_page=${perPage}&page=${page}`;
}

/**
 * Reads every page of the owner's assistants, in the API's order, each assistant once. The page URLs
 * are built from `apiBase` rather than taken from the answer's `next_page_url`, so that the key is only
 * ever sent to the API root the owner chose; `last_page` of the first answer says how many there are.
 */
export async function listAllAssistants(request: ListRequest): Promise<ListOutcome> {
  const perPage = request.perPage ?? PAGE_SIZE;
  const byId = new Map<string, AccountAssistant>();
  let lastPage = 1;
  for (let page = 1; page <= Math.min(lastPage, MAX_PAGES); page++) {
    const answer = await readPage(request, pageUrl(request.apiBase, page, perPage));
    if (!answer.ok) return answer;
    if (page === 1) lastPage = answer.lastPage;
    for (const assistant of answer.assistants) if (!byId.has(assistant.id)) byId.set(assistant.id, assistant);
  }
  return { ok: true, assistants: [...byId.values()] };
}

type PageOutcome = { ok: true; lastPage: number; assistants: AccountAssistant[] } | Exclude<ListOutcome, { ok: true }>;

async function readPage(request: ListRequest, url: string): Promise<PageOutcome> {
  let status: number;
  let text: string;
  let contentType: string;
  try {
    const response = await request.fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${request.apiKey}` },
      // The key must not follow a redirect to another place, nor ride along with cookies or a referrer.
      redirect: 'error',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      ...(request.signal ? { signal: request.signal } : {}),
    });
    status = response.status;
    contentType = response.headers.get('content-type') ?? '';
    text = await response.text();
  } catch {
    return request.signal?.aborted ? { ok: false, problem: 'aborted' } : { ok: false, problem: 'network' };
  }

  const body = /\bjson\b/i.test(contentType) ? parseJson(text) : undefined;
  if (status === 401 || status === 403) return { ok: false, problem: 'unauthorized', status };
  if (status !== 200) {
    const message = messageOf(body);
    // A 404 without the API's words is a wrong API base, not the API refusing.
    if (message === undefined || status === 404) return { ok: false, problem: 'not-api', status };
    return { ok: false, problem: 'refused', status, message };
  }
  const envelope = envelopeOf(body);
  if (!envelope) return { ok: false, problem: 'not-api', status };
  return { ok: true, ...envelope };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `message` (Laravel) or `error` (chat endpoints) of an error body. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as Record<string, unknown>;
  const text = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return text?.trim() ? text.trim().slice(0, 300) : undefined;
}

/** The envelope's `data` and `last_page`, or undefined when the body is not the envelope. Items without a UUID are skipped. */
function envelopeOf(body: unknown): { lastPage: number; assistants: AccountAssistant[] } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { data, last_page: lastPage } = body as Record<string, unknown>;
  if (!Array.isArray(data)) return undefined;
  const assistants: AccountAssistant[] = [];
  for (const item of data) {
    const assistant = assistantOf(item);
    if (assistant) assistants.push(assistant);
  }
  return { lastPage: Number.isInteger(lastPage) && (lastPage as number) > 0 ? (lastPage as number) : 1, assistants };
}

function assistantOf(item: unknown): AccountAssistant | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { uuid, name, status, widget_settings: widgetSettings } = item as Record<string, unknown>;
  if (!isUuid(uuid)) return undefined;
  return {
    id: uuid.toLowerCase(),
    name: typeof name === 'string' && name.trim() ? name.trim() : 'Unnamed assistant',
    active: status === undefined || status === 'active',
    look: lookOf(widgetSettings),
  };
}
