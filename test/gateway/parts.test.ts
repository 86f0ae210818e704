// @vitest-environment node
/**
 * The gateway's small parts on their own: the origin allow-list, how clients are counted, and that the
 * Fetch handler's files use no Node module (so it runs on Workers, Deno and Bun).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from '../../src/gateway/address';
import { parseOrigins } from '../../src/gateway/origins';

describe('the origin allow-list', () => {
  const allowed = parseOrigins(['https://www.example.com', 'http://localhost:3000/', '*.example.org', 'http://*.test.example:8080']);

  it('takes exact origins, and subdomains of a pattern (https unless it says otherwise), nothing more', () => {
    const verdicts = Object.fromEntries(
      [
        'https://www.example.com',
        'http://localhost:3000',
        'https://help.example.org',
        'https://a.b.example.org',
        'http://a.test.example:8080',
        'https://example.com',
        'http://www.example.com',
        'https://www.example.com:8443',
        'http://localhost:3001',
        'https://example.org',
        'http://help.example.org',
        'https://help.example.org.evil.com',
        'https://evilexample.org',
        'http://a.test.example',
        'null',
        'https://www.example.com/path',
      ].map((origin) => [origin, allowed(origin)]),
    );
    expect(verdicts).toEqual({
      'https://www.example.com': true,
      'http://localhost:3000': true,
      'https://help.example.org': true,
      'https://a.b.example.org': true,
      'http://a.test.example:8080': true,
      'https://example.com': false,
      'http://www.example.com': false,
      'https://www.example.com:8443': false,
      'http://localhost:3001': false,
      'https://example.org': false,
      'http://help.example.org': false,
      'https://help.example.org.evil.com': false,
      'https://evilexample.org': false,
      'http://a.test.example': false,
      null: false,
      'https://www.example.com/path': false,
    });
  });

  it('refuses what is not an origin, naming each entry', () => {
    expect(() => parseOrigins(['https://ok.example', '*', 'example.com', 'https://x.example/app', 'https://user@x.example', '*.'])).toThrow(
      'Not an origin: "*", "example.com", "https://x.example/app", "https://user@x.example", "*.".',
    );
  });
});

describe('the client a request counts against', () => {
  const request = (forwarded?: string) =>
    new Request('http://gateway.test/conversations', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} });

  it('is the connection’s address unless a proxy is trusted, then the last X-Forwarded-For entry', () => {
    expect(clientKey(clientAddress(request('203.0.113.5'), '10.0.0.2', false))).toBe('10.0.0.2');
    expect(clientKey(clientAddress(request('203.0.113.5, 198.51.100.4'), '10.0.0.2', true))).toBe('198.51.100.4');
    expect(clientKey(clientAddress(request(), '10.0.0.2', true))).toBe('10.0.0.2');
    expect(clientKey(clientAddress(request(), undefined, false))).toBe('unknown');
  });

  it('is an IPv6 address’s /64, and an IPv4-mapped address’s IPv4 form', () => {
    expect(clientKey('2001:db8:0:0:1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:0db8::abcd')).toBe('2001:db8:0:0::/64');
    expect(clientKey('[2001:db8:aa:bb::1]:443')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(clientKey('192.0.2.9:51234')).toBe('192.0.2.9');
  });
});

describe('the Fetch handler’s sources', () => {
  it('import no Node module: only node.ts and cli.ts, the Node server, do', () => {
    const dir = fileURLToPath(new URL('../../src/gateway/', import.meta.url));
    const importing = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /from ['"]node:|import\(['"]node:|\bprocess\./.test(readFileSync(join(dir, name), 'utf8')));
    expect(importing.sort()).toEqual(['cli.ts', 'node.ts']);
  });
});
