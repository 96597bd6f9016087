import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { type Loopback, startLoopback } from '../__fixtures__/loopback';
import { fromOpenAPI } from './from-openapi';

const document = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/stores/{storeId}/items': {
      parameters: [{ name: 'storeId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'object', properties: { color: { type: 'string' } } },
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100, default: 20 } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
          },
        },
      },
      post: {
        operationId: 'createItem',
        parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, price: { type: 'number', nullable: true } },
                additionalProperties: false,
              },
            },
          },
        },
        responses: { '201': { description: 'created' } },
      },
    },
    '/stores/{storeId}/items/{itemId}': {
      parameters: [
        { name: 'storeId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'itemId', in: 'path', required: true, schema: { type: 'integer' } },
      ],
      put: {
        operationId: 'replaceItem',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
      delete: { operationId: 'deleteItem', responses: { '204': { description: 'gone' } } },
    },
    '/upload': {
      post: {
        operationId: 'upload',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, purpose: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
    '/token': {
      post: {
        operationId: 'token',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  grant: { type: 'string' },
                  scope: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

let server: Loopback;
server = startLoopback();
afterAll(() => server.stop());
beforeEach(() => {
  server.received.length = 0;
  server.respond(() => Response.json({ ok: true }));
});

function importShop(options: Partial<Parameters<typeof fromOpenAPI>[1]> = {}) {
  return fromOpenAPI(document, { baseUrl: `${server.url}/api/`, ...options });
}

describe('imported operations call the API', () => {
  test('path, query (form, exploded and not, deepObject) and header parameters arrive as declared', async () => {
    const { toolbox, warnings } = importShop({ headers: { authorization: 'Bearer t0k' } });
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['UNSUPPORTED_PARAMETER', 'listItems'],
    ]);
    server.respond(() => Response.json([{ id: 1 }]));
    const result = await toolbox.execute({
      name: 'listItems',
      arguments: {
        storeId: 'a b/c',
        tags: ['x', 'y'],
        ids: [1, 2],
        filter: { color: 'red' },
        limit: 5,
        'X-Trace': 'abc',
      },
    });
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual([{ id: 1 }]);
    const [request] = server.received;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/api/stores/a%20b%2Fc/items');
    expect(request?.query.getAll('tags')).toEqual(['x', 'y']);
    expect(request?.query.get('ids')).toBe('1,2');
    expect(request?.query.get('filter[color]')).toBe('red');
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.headers.get('x-trace')).toBe('abc');
    expect(request?.headers.get('authorization')).toBe('Bearer t0k');
    expect(request?.headers.get('accept')).toBe('application/json');
  });

  test('a flattened JSON body and its query parameter are split apart', async () => {
    const { toolbox } = importShop();
    const result = await toolbox.execute({
      name: 'createItem',
      arguments: { storeId: 's1', dryRun: true, name: 'pen', price: null },
    });
    expect(result.outcome).toBe('success');
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.query.get('dryRun')).toBe('true');
    expect(request?.contentType).toBe('application/json');
    expect(JSON.parse(request?.text ?? '')).toEqual({ name: 'pen', price: null });
  });

  test('a body that is not a plain object travels under `body`', async () => {
    const { toolbox } = importShop();
    const tool = toolbox.toJSON().tools.find((entry) => entry.name === 'replaceItem');
    expect(Object.keys(tool?.input['properties'] as object)).toEqual(['storeId', 'itemId', 'body']);
    await toolbox.execute({ name: 'replaceItem', arguments: { storeId: 's', itemId: 7, body: ['a', 'b'] } });
    expect(server.received[0]?.path).toBe('/api/stores/s/items/7');
    expect(JSON.parse(server.received[0]?.text ?? '')).toEqual(['a', 'b']);
  });

  test('multipart and form-urlencoded bodies are encoded by their media type', async () => {
    const { toolbox } = importShop();
    server.respond(() => new Response('stored', { headers: { 'content-type': 'text/plain' } }));
    const upload = await toolbox.execute({ name: 'upload', arguments: { file: 'hello', purpose: 'test' } });
    expect(upload.result).toBe('stored');
    expect(server.received[0]?.form?.get('purpose')).toBe('test');
    const file = server.received[0]?.form?.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('hello');
    await toolbox.execute({ name: 'token', arguments: { grant: 'client', scope: ['a', 'b'] } });
    expect(server.received[1]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(server.received[1]?.text).getAll('scope')).toEqual(['a', 'b']);
  });

  test('invalid arguments never reach the server', async () => {
    const { toolbox } = importShop();
    const result = await toolbox.execute({ name: 'listItems', arguments: { storeId: 's', limit: 1000 } });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    const missing = await toolbox.execute({ name: 'createItem', arguments: { storeId: 's', nme: 'typo' } });
    expect(missing.error?.code).toBe('INVALID_ARGUMENTS');
    expect(server.received).toHaveLength(0);
  });

  test('non-2xx responses are ToolErrors with the status and the body', async () => {
    const { toolbox } = importShop();
    server.respond(() => Response.json({ error: 'no such store' }, { status: 404 }));
    const notFound = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } });
    expect(notFound.outcome).toBe('error');
    expect(notFound.error).toMatchObject({
      category: 'execution',
      code: 'EXECUTION_FAILED',
      retryable: false,
      details: { status: 404, responseBody: { error: 'no such store' } },
    });
    expect(notFound.error?.message).toContain('DELETE /stores/{storeId}/items/{itemId} answered HTTP 404');
    server.respond(() => new Response('slow down', { status: 429, headers: { 'retry-after': '3' } }));
    const limited = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } });
    expect(limited.error).toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
      details: { status: 429, retryAfterMs: 3000 },
    });
    server.respond(() => new Response(null, { status: 503 }));
    const down = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } });
    expect(down.error).toMatchObject({ code: 'EXECUTION_FAILED', retryable: true, details: { status: 503 } });
  });

  test('204 answers null; binary answers are base64 with their type', async () => {
    const { toolbox } = importShop();
    server.respond(() => new Response(null, { status: 204 }));
    expect(
      (await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } })).result,
    ).toBeNull();
    server.respond(
      () => new Response(new Uint8Array([0, 1, 255]), { headers: { 'content-type': 'image/png' } }),
    );
    const binary = await toolbox.execute({ name: 'listItems', arguments: { storeId: 's' } });
    expect(binary.result).toEqual({ contentType: 'image/png', byteLength: 3, base64: 'AAH/' });
    // Schema defaults are the API's to apply: a value the caller did not choose is not sent.
    expect(server.received.at(-1)?.query.has('limit')).toBe(false);
  });

  test('timeoutMs, the call timeout and the caller signal all end a hanging request', async () => {
    server.respond(() => new Promise<Response>(() => undefined));
    const { toolbox } = importShop({ timeoutMs: 50 });
    const own = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } });
    expect(own.error).toMatchObject({ code: 'TIMEOUT', details: { timeoutMs: 50 } });
    const plain = importShop().toolbox;
    const call = await plain.execute(
      { name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } },
      { timeout: 50 },
    );
    expect(call.error?.code).toBe('TIMEOUT');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const cancelled = await plain.execute(
      { name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } },
      { signal: controller.signal },
    );
    expect(cancelled.outcome).toBe('cancelled');
  });

  test('an injected fetch sees every request, and a failing fetch is an EXECUTION_FAILED error', async () => {
    const seen: string[] = [];
    const { toolbox } = importShop({
      fetch: async (url, init) => {
        seen.push(`${init.method} ${url}`);
        if (url.includes('/items/')) throw new TypeError('connection refused');
        return Response.json({ injected: true });
      },
      headers: (operation) => ({ 'x-operation': operation.name }),
    });
    expect((await toolbox.execute({ name: 'listItems', arguments: { storeId: 's' } })).result).toEqual({
      injected: true,
    });
    const failed = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 2 } });
    expect(failed.error).toMatchObject({ code: 'EXECUTION_FAILED', retryable: true });
    expect(failed.error?.message).toContain('connection refused');
    expect(seen).toEqual([
      `GET ${server.url}/api/stores/s/items`,
      `DELETE ${server.url}/api/stores/s/items/2`,
    ]);
    expect(server.received).toHaveLength(0);
  });

  test('GET is read-only and the rest mutate, so toolbox policy governs them', async () => {
    const { toolbox } = importShop({ toolbox: { readOnly: true } });
    expect(toolbox.getTool('listItems')?.configuration.metadata).toMatchObject({
      readOnly: true,
      openapi: { method: 'GET', path: '/stores/{storeId}/items' },
    });
    expect(toolbox.getTool('deleteItem')?.configuration.metadata).toMatchObject({ mutates: true });
    const denied = await toolbox.execute({ name: 'deleteItem', arguments: { storeId: 's', itemId: 1 } });
    expect(denied.error?.code).toBe('MUTATION_DENIED');
    expect(server.received).toHaveLength(0);
  });
});
