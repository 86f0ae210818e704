/**
 * Signed visitors (as Intercom's identity verification does it): the site's own server signs the
 * visitor's id with a secret it shares with the gateway, `HMAC-SHA256(secret, id)` in hex, and the page
 * passes it with `identify({ id, …, signature })`. The widget sends the visitor's values as `variables`
 * of the create; the gateway checks the signature and passes the id on, the signature never.
 */
import type { VariableValue } from '../api/types';

/** What the variables of a create say of the visitor. */
export type Identity =
  /** No `id`: an anonymous visitor. */
  | { kind: 'anonymous'; variables: Record<string, VariableValue> }
  /** The `id` carries a good signature; `key` names the visitor in counters (the signature's start, not the id). */
  | { kind: 'signed'; key: string; variables: Record<string, VariableValue> }
  /** An `id` without a signature, or one that does not match. */
  | { kind: 'refused'; reason: 'missing' | 'mismatch' };

/** A check of signed visitors with `secret`. */
export type IdentityCheck = (variables: Record<string, VariableValue>) => Promise<Identity>;

/**
 * Makes the check. Without a secret every visitor counts as anonymous (a `signature` is still never passed
 * on); with one, a create whose variables carry an `id` must carry its signature too.
 */
export function createIdentityCheck(secret: string | undefined): IdentityCheck {
  const key = secret
    ? crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
    : undefined;
  return async ({ signature, ...variables }) => {
    if (!key) return { kind: 'anonymous', variables };
    const id = variables.id;
    if (id === undefined || id === '') return { kind: 'anonymous', variables };
    if (signature === undefined || signature === '') return { kind: 'refused', reason: 'missing' };
    const bytes = typeof signature === 'string' ? fromHex(signature) : undefined;
    if (!bytes) return { kind: 'refused', reason: 'mismatch' };
    // (verify compares in constant time.)
    const good = await crypto.subtle.verify('HMAC', await key, bytes, new TextEncoder().encode(String(id)));
    return good ? { kind: 'signed', key: (signature as string).slice(0, 32).toLowerCase(), variables } : { kind: 'refused', reason: 'mismatch' };
  };
}

/** The bytes of a SHA-256 digest in hex (64 digits, any case), or undefined. */
function fromHex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-f]{64}$/i.test(text)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
