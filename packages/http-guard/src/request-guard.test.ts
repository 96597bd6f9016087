import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { bearerMatches, createRequestGuard } from './request-guard';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('createRequestGuard', () => {
  test('by default only loopback hosts pass, on any port; look-alikes and rebinding names are refused', () => {
    const guard = createRequestGuard();
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:1', '127.8.9.10:65535', '[::1]:8080']) {
      expect([host, guard.check(new Headers({ host }))]).toEqual([host, undefined]);
    }
    for (const host of [
      'localhost.:3000',
      '127.0.0.1:3000.evil.test',
      'evil.test',
      'localhost:99999',
      '',
      'a@localhost',
    ]) {
      expect([host, guard.check(new Headers({ host }))?.status]).toEqual([host, 403]);
    }
    expect(guard.check(new Headers())?.status).toBe(403);
    expect(guard.checkRequest(request('http://localhost:4000/x'))).toBeUndefined();
    expect(guard.checkRequest(request('http://evil.test/x'))?.status).toBe(403);
  });

  test('allowedHosts replaces the default and compares exactly', () => {
    const guard = createRequestGuard({ allowedHosts: ['API.example.com'] });
    expect(guard.check(new Headers({ host: 'api.example.com' }))).toBeUndefined();
    expect(guard.check(new Headers({ host: 'api.example.com:8443' }))?.status).toBe(403);
    expect(guard.check(new Headers({ host: 'localhost:3000' }))?.status).toBe(403);
  });

  test('a browser Origin must be allowed, or the same origin when allowSameOrigin is set', () => {
    const strict = createRequestGuard({ allowedOrigins: ['https://app.example.com'] });
    const host = { host: 'localhost:3000' };
    expect(strict.check(new Headers(host))).toBeUndefined();
    expect(strict.check(new Headers({ ...host, origin: 'https://APP.example.com' }))).toBeUndefined();
    for (const origin of [
      'https://evil.test',
      'null',
      'http://localhost:3000',
      'https://app.example.com.evil.test',
    ]) {
      expect([origin, strict.check(new Headers({ ...host, origin }))?.status]).toEqual([origin, 403]);
    }
    const same = createRequestGuard({ allowSameOrigin: true });
    expect(same.check(new Headers({ ...host, origin: 'http://localhost:3000' }))).toBeUndefined();
    expect(same.check(new Headers({ ...host, origin: 'http://localhost:3001' }))?.status).toBe(403);
  });

  test('a configured token is required after the Host and Origin checks, with a challenge', () => {
    const guard = createRequestGuard({ token: 's3cret', realm: 'mcp' });
    const host = { host: 'localhost:1' };
    expect(guard.check(new Headers({ ...host, authorization: 'Bearer s3cret' }))).toBeUndefined();
    const refused = guard.check(new Headers({ ...host, authorization: 'Bearer s3cre' }));
    expect(refused).toEqual({
      status: 401,
      message: 'Missing or invalid bearer token.',
      headers: { 'www-authenticate': 'Bearer realm="mcp"' },
    });
    expect(guard.check(new Headers({ host: 'evil.test', authorization: 'Bearer s3cret' }))?.status).toBe(403);
  });

  test('every refusal carries its answer headers: the challenge on a 401, none on a 403', async () => {
    const guard = createRequestGuard({ token: 's3cret', allowedOrigins: ['https://app.example.com'] });
    const refusals = [
      guard.check(new Headers({ host: 'evil.test' })),
      guard.check(new Headers({ host: 'localhost', origin: 'https://evil.test' })),
      guard.check(new Headers({ host: 'localhost' })),
    ];
    expect(refusals.map((refusal) => [refusal?.status, refusal?.headers])).toEqual([
      [403, {}],
      [403, {}],
      [401, { 'www-authenticate': 'Bearer realm="armorer"' }],
    ]);
    // `{ status, headers }` is the Response to send, as it is.
    const [host, , token] = refusals.map((refusal) =>
      refusal === undefined
        ? undefined
        : new Response(refusal.message, { status: refusal.status, headers: refusal.headers }),
    );
    expect([host?.status, await host?.text()]).toEqual([403, 'Host not allowed: "evil.test".']);
    expect(token?.headers.get('www-authenticate')).toBe('Bearer realm="armorer"');
  });

  test('property: bearerMatches accepts exactly the token', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => !/\s/.test(text)),
        fc.string(),
        (token, other) => {
          expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
          expect(bearerMatches(`Bearer ${other}`, token)).toBe(other === token);
        },
      ),
    );
  });

  test('property: a loopback host with anything appended or prepended is refused', () => {
    const guard = createRequestGuard();
    fc.assert(
      fc.property(
        fc.constantFrom('localhost', '127.0.0.1', '[::1]'),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (name, junk, before) => {
          // Digits after 127.0.0.1 make another loopback address (127.0.0.10), not a look-alike.
          if (name === '127.0.0.1' && !before && /^\d/.test(junk)) return;
          let headers: Headers;
          try {
            headers = new Headers({ host: before ? `${junk}${name}` : `${name}${junk}` });
          } catch {
            return; // not a valid header value at all
          }
          // Headers trim surrounding whitespace, as HTTP does; what is left must be the name and a port.
          const sent = headers.get('host') ?? '';
          const rest = sent.startsWith(name) ? sent.slice(name.length) : undefined;
          const expected =
            rest === '' || (rest !== undefined && /^:\d{1,5}$/.test(rest) && Number(rest.slice(1)) <= 65535);
          expect([sent, guard.check(headers) === undefined]).toEqual([sent, expected]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
