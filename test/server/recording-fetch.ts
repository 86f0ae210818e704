/**
 * A real `fetch` that also keeps what each exchange looked like on the wire, so a test can run
 * the real API client and still check every raw response against the contract.
 */
import type { FetchLike } from '../../src/api/client';

/** One request the client made and the answer it got (the body is read from a clone). */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Wraps the global fetch (looked up at call time) and records each exchange. */
export function recordingFetch(): { fetch: FetchLike; exchanges: Exchange[]; last(): Exchange } {
  const exchanges: Exchange[] = [];
  const fetchLike: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    const text = await response.clone().text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    exchanges.push({ method: init.method ?? 'GET', url, status: response.status, headers: response.headers, text, json });
    return response;
  };
  return {
    fetch: fetchLike,
    exchanges,
    last() {
      const exchange = exchanges[exchanges.length - 1];
      if (!exchange) throw new Error('no exchange recorded');
      return exchange;
    },
  };
}
