import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import fc from 'fast-check';
import { FIXTURE_CONTEXT, fixtureToolbox } from '../__fixtures__/toolbox';
import { InspectorError } from '../errors/inspector-error';
import { type RunningInspector, startInspector } from './start-inspector';

const fixture = fixtureToolbox();
const inspector = await startInspector({ toolbox: fixture.toolbox, requestContext: FIXTURE_CONTEXT });
const base = new URL(inspector.url);
const token = base.searchParams.get('token') ?? '';
const auth = { authorization: `Bearer ${token}` };
afterAll(() => inspector.close());

const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), init);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A raw HTTP request, so the Host header can be anything. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: inspector.port, path, headers, setHost: false },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('startInspector', () => {
  test('listens on loopback and gives the address with a fresh 256-bit token', () => {
    expect(inspector.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(base.port).toBe(String(inspector.port));
  });

  test('the page: one HTML document whose policy allows exactly its inline script and style', async () => {
    const page = await fetch(inspector.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const digest = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${digest}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).not.toContain(token);
  });

  test('without the token every request is refused with 401 and no data', async () => {
    const answers = await Promise.all([
      fetch(new URL('/', base)),
      fetch(new URL('/?token=wrong-token-wrong-token', base)),
      api('/api/state'),
      api(`/api/state?token=${token}`),
      api('/api/stream'),
      api('/api/tools', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      api('/api/state', { headers: { authorization: `Bearer ${token.slice(1)}` } }),
      api('/no/such/page'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="armorer-inspector"');
      expect(await answer.json()).toEqual({ error: 'Missing or invalid bearer token.' });
    }
  });

  test('a foreign Host (DNS rebinding) or Origin (another site) is refused even with the token', async () => {
    const host = await raw(`/?token=${token}`, { host: 'evil.test' });
    expect(host.status).toBe(403);
    expect(host.body).not.toContain('<script');
    const rebinding = await raw('/api/state', { host: `evil.test:${inspector.port}`, ...auth });
    expect(rebinding).toEqual({
      status: 403,
      body: JSON.stringify({ error: `Host not allowed: "evil.test:${inspector.port}".` }),
    });
    const origin = await post(
      '/api/run',
      { name: 'lookup-order', arguments: { orderId: 'ord_1' } },
      { origin: 'https://evil.test' },
    );
    expect(origin.status).toBe(403);
    const same = await post('/api/tools', { query: '' }, { origin: base.origin });
    expect(same.status).toBe(200);
    expect((await raw('/api/state', { host: `localhost:${inspector.port}`, ...auth })).status).toBe(200);
  });

  test('property: no request without the token gets anything but 401 or 403 and an error message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom(
          '/',
          '/api/state',
          '/api/tools',
          '/api/run',
          '/api/approvals/approve',
          '/api/grants',
          '/x',
        ),
        fc.option(fc.constantFrom('https://evil.test', base.origin, 'null'), { nil: undefined }),
        fc.string({ maxLength: 60 }),
        async (method, path, origin, bearer) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (origin !== undefined) headers.origin = origin;
          if (bearer !== token && /^[\x21-\x7e]*$/.test(bearer)) headers.authorization = `Bearer ${bearer}`;
          const hasBody = method !== 'GET';
          const answer = await api(path, {
            method,
            headers,
            ...(hasBody ? { body: '{"name":"send-email"}' } : {}),
          });
          expect([401, 403]).toContain(answer.status);
          expect(Object.keys(await answer.json())).toEqual(['error']);
        },
      ),
      { numRuns: 60 },
    );
    expect(fixture.sent).toEqual([]);
  });

  test('bodies: JSON only, bounded, an object; unknown routes and methods are answered, not thrown', async () => {
    const text = await api('/api/tools', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect((await post('/api/tools', 'x'.repeat(2 * 1024 * 1024))).status).toBe(413);
    const broken = await api('/api/tools', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect((await post('/api/tools', [1, 2])).status).toBe(400);
    expect((await post('/api/tool', { name: 42 })).status).toBe(400);
    expect((await post('/api/replay', { provider: 'cohere', text: '[]' })).status).toBe(400);
    expect((await api('/api/run', { headers: auth })).status).toBe(405);
    expect((await api('/api/nothing', { headers: auth })).status).toBe(404);
    expect((await api('/api/__proto__', { headers: auth })).status).toBe(404);
  });

  test('the live stream carries a run\u2019s events; arguments and results are never logged', async () => {
    const logged: unknown[] = [];
    const spies = [
      spyOn(console, 'log').mockImplementation((...args) => logged.push(args)),
      spyOn(console, 'info').mockImplementation((...args) => logged.push(args)),
      spyOn(console, 'warn').mockImplementation((...args) => logged.push(args)),
      spyOn(console, 'error').mockImplementation((...args) => logged.push(args)),
      spyOn(console, 'debug').mockImplementation((...args) => logged.push(args)),
    ];
    try {
      const stream = await api('/api/stream', { headers: auth });
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const run = await post('/api/run', {
        name: 'lookup-order',
        arguments: '{"orderId":"ord_secret42"}',
        callId: 'c-1',
      });
      expect(await run.json()).toMatchObject({ outcome: 'success', result: { orderId: 'ord_secret42' } });
      const bad = await post('/api/run', {
        name: 'lookup-order',
        arguments: '{"orderId":"secret-bad"}',
        callId: 'c-2',
      });
      expect((await bad.json()).errorCode).toBe('INVALID_ARGUMENTS');
      while (!text.includes('"type":"complete"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('"callId":"c-1"');
      await reader.cancel();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(JSON.stringify(logged)).not.toContain('secret');
  });
});

describe('startInspector options', () => {
  test('a bind address other machines can reach needs allowRemote', async () => {
    for (const hostname of ['0.0.0.0', '192.0.2.1', 'example.com']) {
      const refused = await startInspector({ toolbox: fixture.toolbox, hostname }).catch(
        (error: unknown) => error,
      );
      expect(InspectorError.isInstance(refused) && refused.code).toBe('REMOTE_NOT_ALLOWED');
    }
    const remote = await startInspector({ toolbox: fixture.toolbox, hostname: '0.0.0.0', allowRemote: true });
    try {
      const answer = await fetch(remote.url.replace('0.0.0.0', '127.0.0.1'));
      expect(answer.status).toBe(200);
    } finally {
      await remote.close();
    }
  });

  test('bad options, a custom token, a port in use', async () => {
    const bad = [
      { toolbox: {} },
      { toolbox: fixture.toolbox, port: -1 },
      { toolbox: fixture.toolbox, port: 1.5 },
      { toolbox: fixture.toolbox, token: 'short' },
      { toolbox: fixture.toolbox, token: 'has spaces in it, far too many' },
    ];
    for (const options of bad) {
      const error = await startInspector(options as never).catch((thrown: unknown) => thrown);
      expect([JSON.stringify(options.token), InspectorError.isInstance(error) && error.code]).toEqual([
        JSON.stringify(options.token),
        'INVALID_OPTIONS',
      ]);
    }
    const custom: RunningInspector = await startInspector({
      toolbox: fixture.toolbox,
      token: 'a-custom-token-0123456789',
    });
    try {
      expect(custom.url).toEndWith('/?token=a-custom-token-0123456789');
      const taken = await startInspector({ toolbox: fixture.toolbox, port: custom.port }).catch(
        (error: unknown) => error,
      );
      expect(InspectorError.isInstance(taken) && taken.code).toBe('LISTEN_FAILED');
    } finally {
      await custom.close();
    }
  });

  test('close ends the live streams and stops listening', async () => {
    const running = await startInspector({ toolbox: fixture.toolbox });
    const key = { authorization: `Bearer ${new URL(running.url).searchParams.get('token')}` };
    const stream = await fetch(new URL('/api/stream', running.url), { headers: key });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await running.close();
    let done = false;
    while (!done) done = (await reader.read().catch(() => ({ done: true }))).done;
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(running.port, '127.0.0.1', () => resolve());
    });
    probe.close();
  });
});
