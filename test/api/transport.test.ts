import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserFetch } from '../../src/api/transport';
import { createApiClient } from '../../src/api/client';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

/** A stand-in for XMLHttpRequest that records what the transport asked of it and answers as told. */
function fakeXhrClass(answer: (xhr: FakeXhr) => void) {
  const made: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    withCredentials = false;
    aborted = false;
    status = 0;
    responseText = '';
    responseHeaders: Record<string, string> = {};
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    constructor() {
      made.push(this);
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    send(body: unknown) {
      this.body = body;
      queueMicrotask(() => answer(this));
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
  }
  return { FakeXhr, made };
}

type FakeXhr = InstanceType<ReturnType<typeof fakeXhrClass>['FakeXhr']>;

/** A window whose `fetch` the host page replaced with a wrapper that adds its own credentials. */
function hostWindow(XMLHttpRequest: unknown) {
  const wrapped = (input: string, init: RequestInit) =>
    Promise.reject(new Error(`the host wrapper must not be used (${input} ${String(init.method)})`));
  return { fetch: wrapped, XMLHttpRequest } as unknown as Window & typeof globalThis;
}

describe('the default transport', () => {
  it("uses the browser's own fetch when the page left it alone", async () => {
    const seen: Array<[string, RequestInit]> = [];
    const record = (input: string, init: RequestInit) => {
      seen.push([input, init]);
      return Promise.resolve(new Response('{"status":true,"history":[]}', { status: 200 }));
    };
    // A bound function prints as native code, as the browser's own fetch does.
    const native = record.bind(null);
    const { FakeXhr, made } = fakeXhrClass(() => {});
    const win = { fetch: native, XMLHttpRequest: FakeXhr } as unknown as Window & typeof globalThis;
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(win) });

    expect(await client.getConversation(ID)).toEqual([]);
    expect(seen.map(([url, init]) => [url, init.method, init.credentials])).toEqual([[`http://127.0.0.1:9/conversations/${ID}`, 'GET', 'omit']]);
    expect(made).toHaveLength(0);
  });

  it('goes around a fetch the page replaced: only the given headers, no cookies, the exact body', async () => {
    const { FakeXhr, made } = fakeXhrClass((xhr) => {
      xhr.status = 200;
      xhr.responseText = '{"status":true,"message":"Hello","function_calls":[]}';
      xhr.onload?.();
    });
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/api', fetch: browserFetch(hostWindow(FakeXhr)) });

    const reply = await client.sendMessage(ID, 'is 1/2 "off"?');

    expect(reply).toEqual({ message: 'Hello', functionCalls: [] });
    expect(made).toHaveLength(1);
    const [xhr] = made;
    expect(xhr!.method).toBe('POST');
    expect(xhr!.url).toBe(`http://127.0.0.1:9/api/conversations/${ID}/messages`);
    expect(
      Object.keys(xhr!.headers)
        .map((h) => h.toLowerCase())
        .sort(),
    ).toEqual(['accept', 'content-type']);
    expect(xhr!.withCredentials).toBe(false);
    expect(JSON.parse(String(xhr!.body))).toEqual({ message: 'is 1/2 "off"?' });
  });

  it('reports status, body and headers of an error answer to the client', async () => {
    const { FakeXhr } = fakeXhrClass((xhr) => {
      xhr.status = 429;
      xhr.responseText = '{"error":"Rate limit exceeded"}';
      xhr.responseHeaders = { 'retry-after': '7' };
      xhr.onload?.();
    });
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(hostWindow(FakeXhr)) });

    await expect(client.getConversation(ID)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
  });

  it('turns a failed connection into a network error', async () => {
    const { FakeXhr } = fakeXhrClass((xhr) => xhr.onerror?.());
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(hostWindow(FakeXhr)) });

    await expect(client.getConversation(ID)).rejects.toMatchObject({ kind: 'network' });
  });

  it('sends a request given without a signal (a developer calling the transport directly)', async () => {
    const { FakeXhr, made } = fakeXhrClass((xhr) => {
      xhr.status = 200;
      xhr.responseText = 'pong';
      xhr.onload?.();
    });
    const response = await browserFetch(hostWindow(FakeXhr))('http://127.0.0.1:9/ping', { method: 'GET', headers: {} });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('pong');
    expect(made.map((xhr) => [xhr.method, xhr.url])).toEqual([['GET', 'http://127.0.0.1:9/ping']]);
  });

  it('aborts the request when the caller cancels', async () => {
    const { FakeXhr, made } = fakeXhrClass(() => {
      /* never answers */
    });
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(hostWindow(FakeXhr)) });
    const controller = new AbortController();

    const pending = client.getConversation(ID, { signal: controller.signal });
    await Promise.resolve();
    controller.abort();

    await expect(pending).rejects.toMatchObject({ kind: 'network' });
    expect(made[0]!.aborted).toBe(true);
  });
});

describe('telling the browser’s own fetch from a replacement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Which transport a window with `fetch` gets: the fetch itself, or XMLHttpRequest. */
  async function used(fetch: unknown): Promise<'fetch' | 'xhr'> {
    let via: 'fetch' | 'xhr' = 'fetch';
    const { FakeXhr } = fakeXhrClass((xhr) => {
      via = 'xhr';
      xhr.status = 200;
      xhr.responseText = '{"status":true,"history":[]}';
      xhr.onload?.();
    });
    const win = { fetch, XMLHttpRequest: FakeXhr } as unknown as Window & typeof globalThis;
    await createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(win) }).getConversation(ID);
    return via;
  }

  const answering = () => Promise.resolve(new Response('{"status":true,"history":[]}', { status: 200 }));

  it('a function that only mentions native code in its body is a replacement', async () => {
    function wrapper() {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the words in its source are the point
      return answering() ?? '{ [native code] }';
    }
    expect(await used(wrapper)).toBe('xhr');
  });

  it('a native function as another engine prints it (line breaks and indent) is the browser’s own', async () => {
    const fetch = vi.fn(answering);
    const print = Function.prototype.toString;
    vi.spyOn(Function.prototype, 'toString').mockImplementation(function (this: unknown) {
      return this === fetch ? 'function fetch() {\n    [native code]\n}\n' : print.call(this as () => void);
    });
    expect(await used(fetch)).toBe('fetch');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a function that cannot be printed is a replacement', async () => {
    const fetch = vi.fn(answering);
    vi.spyOn(Function.prototype, 'toString').mockImplementation(() => {
      throw new TypeError('revoked');
    });
    expect(await used(fetch)).toBe('xhr');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an HTML page through XMLHttpRequest is not the API', async () => {
    const { FakeXhr } = fakeXhrClass((xhr) => {
      xhr.status = 404;
      xhr.responseText = '<html><title>Not Found</title></html>';
      xhr.responseHeaders = { 'content-type': 'text/html' };
      xhr.onload?.();
    });
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: browserFetch(hostWindow(FakeXhr)) });
    await expect(client.getConversation(ID)).rejects.toMatchObject({ kind: 'not_api' });
  });
});
