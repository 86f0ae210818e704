/**
 * Which client a request comes from, for the limits that count per client: the connection's address,
 * or with a trusted proxy in front the address that proxy saw (the last entry of `X-Forwarded-For`:
 * the entries before it are whatever the client wrote).
 */

/** The client's address as given (empty when nothing tells it). */
export function clientAddress(request: Request, connection: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return (forwarded || connection || '').trim();
}

/** The client as the limits count it: {@link normalize}d, or `unknown` (every such request shares one count). */
export function clientKey(address: string): string {
  return normalize(address) || 'unknown';
}

/**
 * One count per client: an IPv4 address as written (an IPv4-mapped IPv6 address as its IPv4 form), an
 * IPv6 address by its /64 prefix, since one home or phone gets a whole /64 and may use any address in it.
 */
export function normalize(address: string): string {
  const value = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\](:\d+)?$/g, '');
  const ipv4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)(?::\d+)?$/.exec(value);
  if (ipv4) return ipv4[1]!;
  return ipv6Prefix(value) ?? value;
}

/** The first four groups of an IPv6 address, `::` expanded, as `a:b:c:d::/64`; undefined when it is not one. */
function ipv6Prefix(value: string): string | undefined {
  const address = value.split('%')[0]!;
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return (
    groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}
