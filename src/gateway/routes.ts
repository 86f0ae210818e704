/**
 * The only routes the gateway serves: the widget's three (create, read, send), their CORS preflights,
 * and a health check. Everything else is a 404.
 */
import { isUuid } from '../api/url';

/** A matched route; conversation routes carry the id from the path. */
export type Route =
  | { name: 'create' }
  | { name: 'read'; conversationId: string }
  | { name: 'send'; conversationId: string }
  | { name: 'preflight' }
  | { name: 'health' }
  /** A conversation path whose id is not a UUID: the platform's 404 "Conversation not found". */
  | { name: 'bad-id' };

/** The route of `method` and `path` (below the gateway's base path), or undefined. */
export function matchRoute(method: string, path: string): Route | undefined {
  if (path === '/health') return method === 'GET' || method === 'HEAD' ? { name: 'health' } : undefined;
  const conversation = /^\/conversations(?:\/([^/]*)(\/messages)?)?$/.exec(path);
  if (!conversation) return undefined;
  const [, rawId, messages] = conversation;
  const wanted = rawId === undefined || messages ? 'POST' : 'GET';
  if (method === 'OPTIONS') return { name: 'preflight' };
  if (method !== wanted) return undefined;
  if (rawId === undefined) return { name: 'create' };
  const id = decode(rawId);
  if (!isUuid(id)) return { name: 'bad-id' };
  return messages ? { name: 'send', conversationId: id.toLowerCase() } : { name: 'read', conversationId: id.toLowerCase() };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
