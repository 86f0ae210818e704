/**
 * Every request a page's network stack sends, CORS preflights included (Playwright's `request` event
 * leaves preflights out, so this listens on the DevTools protocol).
 */
import type { Page } from 'playwright-core';

/** One request as Chromium sent it. */
export interface NetworkRecord {
  method: string;
  url: string;
  /** DevTools resource type: `Document`, `Script`, `Fetch`, `Other`, … */
  resourceType: string;
  /** True for a CORS preflight (an OPTIONS request carrying `Access-Control-Request-Method`). */
  preflight: boolean;
  /** The request headers Chromium reported when it sent the request. */
  headers: Record<string, string>;
}

/** The running log of one page's requests. */
export interface NetworkLog {
  /** Every request so far, in the order Chromium sent them. */
  readonly requests: readonly NetworkRecord[];
  /** Stops listening. */
  dispose(): Promise<void>;
}

interface RequestWillBeSentEvent {
  type?: string;
  request: { method: string; url: string; headers: Record<string, string> };
}

/** Starts logging a page's requests. Call it before `page.goto`. */
export async function watchNetwork(page: Page): Promise<NetworkLog> {
  const requests: NetworkRecord[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event: RequestWillBeSentEvent) => {
    const { method, url, headers } = event.request;
    const lowerNames = Object.keys(headers).map((name) => name.toLowerCase());
    requests.push({
      method,
      url,
      resourceType: event.type ?? 'Other',
      preflight: method === 'OPTIONS' && lowerNames.includes('access-control-request-method'),
      headers,
    });
  });
  await cdp.send('Network.enable');
  return {
    get requests() {
      return requests;
    },
    dispose: () => cdp.detach().catch(() => undefined),
  };
}
