/**
 * Reading a request's body with a ceiling: a body over it is refused after at most that many bytes
 * (or at once, when `Content-Length` says so), never buffered whole.
 */

/** What a body was: JSON text's value, too large, not JSON, or not declared as JSON. */
export type BodyRead = { kind: 'ok'; value: unknown } | { kind: 'too-large' } | { kind: 'malformed' } | { kind: 'not-json' };

/** Reads and parses the JSON body of `request`, up to `limit` bytes. An empty body reads as `undefined`. */
export async function readJsonBody(request: Request, limit: number): Promise<BodyRead> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return { kind: 'too-large' };
  const bytes = await readBytes(request, limit);
  if (!bytes) return { kind: 'too-large' };
  if (!bytes.length) return { kind: 'ok', value: undefined };
  if (!isJsonType(request.headers.get('content-type'))) return { kind: 'not-json' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.trim() ? { kind: 'ok', value: JSON.parse(text) } : { kind: 'ok', value: undefined };
  } catch {
    return { kind: 'malformed' };
  }
}

/** The body's bytes, or undefined once there are more than `limit` (the rest is not read). */
async function readBytes(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `application/json` or `application/…+json`, as the platform takes. */
function isJsonType(header: string | null): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
