/**
 * The owner's sites: which pages may use the gateway. An entry is an exact origin
 * (`https://www.example.com`, `http://localhost:3000`) or a pattern for the subdomains of a domain
 * (`*.example.com`, which means https; `http://*.example.com` for http). A pattern does not cover the
 * domain itself: list `https://example.com` beside it.
 */

/** A parsed allow-list: whether an `Origin` header's value is one of the owner's sites. */
export type OriginCheck = (origin: string) => boolean;

/** Parses the allow-list; throws one clear error naming every entry it cannot read. */
export function parseOrigins(entries: readonly string[]): OriginCheck {
  const exact = new Set<string>();
  const patterns: { scheme: string; suffix: string; port: string }[] = [];
  const bad: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    const pattern = /^(?:(https?):\/\/)?\*\.([a-z0-9.-]+)(?::(\d+))?$/.exec(entry);
    if (pattern && isHostname(pattern[2]!)) {
      patterns.push({ scheme: pattern[1] ?? 'https', suffix: `.${pattern[2]!}`, port: pattern[3] ?? '' });
      continue;
    }
    // Scheme, host and port only: a path, a query or credentials mean the entry is not an origin.
    const origin = /^https?:\/\/[^/@?#*]+\/?$/.test(entry) ? toOrigin(entry) : undefined;
    if (origin) exact.add(origin);
    else bad.push(raw);
  }
  if (bad.length) {
    throw new Error(
      `Not an origin: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}. ` +
        'Give an origin such as https://www.example.com or http://localhost:3000 (scheme, host and port only), or *.example.com for its https subdomains.',
    );
  }
  return (value) => {
    const origin = toOrigin(value.toLowerCase());
    if (!origin || origin !== value.toLowerCase()) return false;
    if (exact.has(origin)) return true;
    const url = new URL(origin);
    return patterns.some(
      ({ scheme, suffix, port }) =>
        url.protocol === scheme + ':' && url.port === port && url.hostname.endsWith(suffix) && url.hostname.length > suffix.length,
    );
  };
}

/** The origin of an http(s) URL (default port left out), or undefined. */
function toOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.hostname ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function isHostname(value: string): boolean {
  return value.split('.').every((label) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(label));
}
