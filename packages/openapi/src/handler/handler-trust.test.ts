import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { toOpenAPI } from '../export/to-openapi';
import { createOpenAPIHandler } from './create-openapi-handler';

const add = createTool({
  name: 'add',
  description: 'Add',
  input: { a: z.number(), b: z.number() },
  execute: ({ a, b }) => a + b,
});
const unexportable = createTool({
  name: 'unexportable',
  description: 'Its output schema cannot be converted',
  input: { a: z.number() },
  metadata: {
    outputSchema: z.object({
      get broken(): z.ZodType {
        throw new Error('no schema here');
      },
    }),
  },
  execute: () => 1,
});
const info = { title: 'T', version: '1' };

function call(
  handler: (request: Request) => Promise<Response>,
  headers: Record<string, string>,
  url = 'http://localhost:3000/add',
) {
  return handler(new Request(url, { method: 'POST', body: '{"a":1,"b":2}', headers }));
}

describe('the handler refuses cross-site and rebinding requests like the MCP transport', () => {
  const handler = createOpenAPIHandler(createToolbox([add]));
  const json = { 'content-type': 'application/json' };

  test('a body without application/json (a no-cors fetch) is refused with 415', async () => {
    for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'multipart/form-data' }]) {
      const response = await call(handler, headers);
      expect([headers, response.status]).toEqual([headers, 415]);
    }
    expect((await call(handler, json)).status).toBe(200);
  });

  test('a foreign Origin is refused unless allowedOrigins allows it; the same origin passes', async () => {
    expect((await call(handler, { ...json, origin: 'https://evil.test' })).status).toBe(403);
    expect((await call(handler, { ...json, origin: 'null' })).status).toBe(403);
    expect((await call(handler, { ...json, origin: 'http://localhost:3000' })).status).toBe(200);
    const allowing = createOpenAPIHandler(createToolbox([add]), {
      allowedOrigins: ['https://app.example.com'],
    });
    expect((await call(allowing, { ...json, origin: 'https://app.example.com' })).status).toBe(200);
    expect((await call(allowing, { ...json, origin: 'https://evil.test' })).status).toBe(403);
  });

  test('a Host that is not allowed (DNS rebinding) is refused; allowedHosts names public hosts', async () => {
    expect((await call(handler, { ...json, host: 'evil.test:3000' })).status).toBe(403);
    expect((await call(handler, json, 'http://evil.test/add')).status).toBe(403);
    const hosted = createOpenAPIHandler(createToolbox([add]), { allowedHosts: ['tools.example.com'] });
    expect((await call(hosted, json, 'https://tools.example.com/add')).status).toBe(200);
    expect((await call(hosted, json)).status).toBe(403);
  });
});

describe('answers never echo secrets or internals', () => {
  test('a 401 does not echo what callOptions threw', async () => {
    const handler = createOpenAPIHandler(createToolbox([add]), {
      callOptions: () => {
        throw new Error('bad password hunter2 for admin');
      },
    });
    const response = await call(handler, { 'content-type': 'application/json' });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('hunter2');
  });

  test('a 500 does not echo internals', async () => {
    const failing = {
      tools: () => [add],
      execute: () => Promise.reject(new Error('connect ECONNREFUSED db.internal:5432 password=hunter2')),
    };
    const response = await call(createOpenAPIHandler(failing), { 'content-type': 'application/json' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('db.internal');
  });
});

describe('openapi.json', () => {
  test('goes through callOptions like any call', async () => {
    const handler = createOpenAPIHandler(createToolbox([add]), {
      info,
      callOptions: (request) => {
        if (request.headers.get('x-user') === null) throw new Error('who are you');
        return {};
      },
    });
    const get = (headers: Record<string, string>) =>
      handler(new Request('http://localhost/openapi.json', { headers }));
    expect((await get({})).status).toBe(401);
    expect((await get({ 'x-user': 'alice' })).status).toBe(200);
  });

  test('one tool whose schema cannot be exported is left out with a warning; the others stay', async () => {
    const warnings: string[] = [];
    const document = toOpenAPI(createToolbox([add, unexportable]), {
      info,
      onWarning: (warning) => warnings.push(`${warning.tool}: ${warning.message}`),
    });
    expect(Object.keys(document.paths)).toEqual(['/add']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('unexportable');
    const handler = createOpenAPIHandler(createToolbox([add, unexportable]), {
      info,
      onWarning: () => undefined,
    });
    const response = await handler(new Request('http://localhost/openapi.json'));
    expect(response.status).toBe(200);
    expect(Object.keys(((await response.json()) as { paths: object }).paths)).toEqual(['/add']);
  });
});
