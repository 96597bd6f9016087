import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, createToolError, ToolFailureError } from '@armorer/core';
import { z } from 'zod';
import { createOpenAPIHandler } from './create-openapi-handler';

const tools = [
  createTool({
    name: 'add',
    description: 'Add',
    input: { a: z.number(), b: z.number() },
    execute: ({ a, b }) => a + b,
  }),
  createTool({ name: 'nothing', description: 'Returns nothing', execute: () => undefined }),
  createTool({
    name: 'wipe',
    description: 'Deletes everything',
    metadata: { mutates: true },
    execute: () => 'wiped',
  }),
  createTool({
    name: 'busy',
    description: 'Always rate limited',
    execute: () => {
      throw new ToolFailureError(
        createToolError('RATE_LIMITED', 'Slow down.', { details: { retryAfterMs: 2500 } }),
      );
    },
  }),
  createTool({
    name: 'crash',
    description: 'Throws',
    execute: () => {
      throw new Error('boom');
    },
  }),
  createTool({
    name: 'wait',
    description: 'Waits for its signal',
    execute: (_params, context) =>
      new Promise((_resolve, reject) =>
        context.signal.addEventListener('abort', () => reject(context.signal.reason)),
      ),
  }),
];
const toolbox = createToolbox(tools, { allowMutation: false });
const handler = createOpenAPIHandler(toolbox, {
  pathPrefix: '/tools',
  info: { title: 'Tools', version: '1' },
  maxBodyBytes: 64,
});

function post(
  name: string,
  body?: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return handler(
    new Request(`http://localhost/tools/${name}`, { method: 'POST', body: body ?? null, headers }),
  );
}

describe('createOpenAPIHandler', () => {
  test('a successful call answers 200 with the result as JSON', async () => {
    const response = await post('add', '{"a":5,"b":3}');
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(8);
    const empty = await post('nothing', '');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toBeNull();
  });

  test('failures answer with the ToolError and the status of their category', async () => {
    const cases: [Promise<Response>, number, string][] = [
      [post('add', '{"a":"five"}'), 400, 'INVALID_ARGUMENTS'],
      [post('add', '{"a":'), 400, 'MALFORMED_ARGUMENTS'],
      [post('ad', '{}'), 404, 'TOOL_NOT_FOUND'],
      [post('wipe', '{}'), 403, 'MUTATION_DENIED'],
      [post('busy', '{}'), 429, 'RATE_LIMITED'],
      [post('crash', '{}'), 500, 'EXECUTION_FAILED'],
      [
        post('add', '{"a":1,"b":2,"padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'),
        413,
        'INVALID_TOOL_CALL',
      ],
      [post('add', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'INVALID_TOOL_CALL'],
      [handler(new Request('http://localhost/tools/add')), 405, 'INVALID_TOOL_CALL'],
      [handler(new Request('http://localhost/elsewhere/add', { method: 'POST' })), 404, 'TOOL_NOT_FOUND'],
      [handler(new Request('http://localhost/tools/a/b', { method: 'POST' })), 404, 'TOOL_NOT_FOUND'],
      [handler(new Request('http://localhost/tools/%E0%A4%A', { method: 'POST' })), 404, 'TOOL_NOT_FOUND'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      const body = (await response.json()) as { code: string; category: string; message: string };
      expect([response.status, body.code]).toEqual([status, code]);
      expect(typeof body.message).toBe('string');
    }
    const limited = await post('busy', '{}');
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await post('ad', '{}').then((response) => response.json())).details.suggestions).toContain('add');
  });

  test('GET openapi.json serves the document of the toolbox', async () => {
    const response = await handler(new Request('http://localhost/tools/openapi.json'));
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/tools/add');
    const without = createOpenAPIHandler(toolbox);
    expect((await without(new Request('http://localhost/openapi.json'))).status).toBe(405);
  });

  test('the client going away cancels the call', async () => {
    const controller = new AbortController();
    const pending = handler(
      new Request('http://localhost/tools/wait', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
        signal: controller.signal,
      }),
    );
    setTimeout(() => controller.abort(), 20);
    const response = await pending;
    expect(response.status).toBe(499);
    expect(((await response.json()) as { code: string }).code).toBe('CANCELLED');
  });

  test('callOptions authenticates: a throw is 401, a request context reaches policy', async () => {
    const guarded = createToolbox(tools.slice(0, 1), {
      policy: {
        beforeExecute: (context) =>
          context.requestContext?.authority?.principalId === 'alice'
            ? true
            : { status: 'deny', reason: 'not alice' },
      },
    });
    const secured = createOpenAPIHandler(guarded, {
      callOptions: (request) => {
        const user = request.headers.get('x-user');
        if (user === null) throw new Error('missing x-user');
        return { requestContext: { authority: { principalId: user } } };
      },
    });
    const call = (headers: Record<string, string>) =>
      secured(
        new Request('http://localhost/add', {
          method: 'POST',
          body: '{"a":1,"b":1}',
          headers: { 'content-type': 'application/json', ...headers },
        }),
      );
    expect((await call({})).status).toBe(401);
    expect((await call({ 'x-user': 'bob' })).status).toBe(403);
    const allowed = await call({ 'x-user': 'alice' });
    expect([allowed.status, await allowed.json()]).toEqual([200, 2]);
  });
});
