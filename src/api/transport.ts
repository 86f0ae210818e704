/**
 * The default transport of a mounted widget: the browser's own `fetch`, never a wrapper the host page
 * put in its place. Host pages wrap `fetch` to add their `Authorization` header or `credentials: 'include'`;
 * going through such a wrapper would hand the site's credentials to the chat API (or, when CORS refuses
 * them, break the chat). A developer who wants a wrapper passes it on purpose as the `fetch` option.
 */
import type { FetchLike } from './client';

/** True for a function the browser implemented (a bound native function counts). */
function isNative(fn: unknown): boolean {
  try {
    return typeof fn === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

/**
 * `win.fetch` when it is the browser's own; otherwise (the page replaced it) a small transport over
 * `XMLHttpRequest`, which sends only the headers given and never cookies.
 */
export function browserFetch(win: Window & typeof globalThis): FetchLike {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- only its source text is read
  if (isNative(win.fetch)) {
    const native = win.fetch.bind(win);
    return (input, init) => native(input, init);
  }
  return (input, init) =>
    new Promise((resolve, reject) => {
      // The client always gives the method, a headers object and (for a POST) a string body.
      const xhr = new win.XMLHttpRequest();
      xhr.open(init.method!, input);
      const headers = init.headers as Record<string, string>;
      for (const name of Object.keys(headers)) xhr.setRequestHeader(name, headers[name]!);
      // What the client reads of a response.
      xhr.onload = () =>
        resolve({ status: xhr.status, text: () => Promise.resolve(xhr.responseText), headers: { get: (name) => xhr.getResponseHeader(name) } });
      // The client turns any rejection into a network error.
      xhr.onerror = xhr.onabort = reject;
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as string | undefined);
    });
}
