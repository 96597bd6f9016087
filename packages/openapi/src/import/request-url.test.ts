import { describe, expect, test } from 'bun:test';
import { OpenAPIError } from '../errors/openapi-error';
import { fromOpenAPI } from './from-openapi';

function documentWith(paths: Record<string, unknown>) {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths };
}

const get = (parameters: unknown[] = []) => ({
  get: { parameters, responses: { '200': { description: 'ok' } } },
});
const pathParam = (name: string, style?: string, explode?: boolean) => ({
  name,
  in: 'path',
  required: true,
  ...(style === undefined ? {} : { style }),
  ...(explode === undefined ? {} : { explode }),
  schema: { type: 'string' },
});

function recordingFetch() {
  const urls: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    urls.push(url);
    return Response.json({ authorization: new Headers(init.headers).get('authorization') });
  };
  return { urls, fetch };
}

describe('a path key never moves a request to another host', () => {
  test('keys that do not start with "/" or that leave the base path are refused at import', () => {
    const hostile = [
      '@127.0.0.1:9/steal',
      '.evil.test/x',
      'evil.test/x',
      '/../../admin',
      '/%2e%2e/admin',
      '/a/%2E./b',
      '/./x',
      '/x\\..\\..\\y',
      '/x#frag',
      '/x\t/../../y',
    ];
    for (const key of hostile) {
      const { toolbox, warnings } = fromOpenAPI(documentWith({ [key]: get() }), {
        baseUrl: 'https://api.example.com/tenants/acme',
      });
      expect([key, toolbox.size]).toEqual([key, 0]);
      expect(warnings.map((warning) => warning.code)).toContain('SKIPPED_OPERATION');
    }
  });

  test('a key with a query ("/responses?beta=true") keeps it on every request', async () => {
    const { urls, fetch } = recordingFetch();
    const { toolbox } = fromOpenAPI(
      documentWith({ '/r?beta=true': get([{ name: 'limit', in: 'query', schema: { type: 'integer' } }]) }),
      { baseUrl: 'https://api.example.com/v1', fetch },
    );
    const [tool] = toolbox.tools();
    await toolbox.execute({ name: tool?.configuration.name ?? '', arguments: { limit: 2 } });
    expect(urls).toEqual(['https://api.example.com/v1/r?beta=true&limit=2']);
  });

  test('a baseUrl with a query or a fragment is refused', () => {
    for (const baseUrl of [
      'https://api.example.com/v1?key=1',
      'https://api.example.com/v1#x',
      'https://api.example.com/?',
    ]) {
      expect(() => fromOpenAPI(documentWith({}), { baseUrl })).toThrow(OpenAPIError);
    }
  });

  test('credentials only ever go to the baseUrl origin and path', async () => {
    const { urls, fetch } = recordingFetch();
    const { toolbox } = fromOpenAPI(documentWith({ '/ok/{id}': get([pathParam('id')]) }), {
      baseUrl: 'https://api.example.com/tenants/acme',
      headers: { authorization: 'Bearer secret' },
      fetch,
    });
    const result = await toolbox.execute({ name: 'get_ok_id', arguments: { id: 'a' } });
    expect(result.outcome).toBe('success');
    expect(urls).toEqual(['https://api.example.com/tenants/acme/ok/a']);
  });
});

describe('path parameter values never escape the operation path', () => {
  const base = 'https://api.example.com/tenants/acme';

  test('the issue example: {a:"..", b:"..", c:"globex"} does not reach /globex', async () => {
    const { urls, fetch } = recordingFetch();
    const { toolbox } = fromOpenAPI(
      documentWith({ '/{a}/{b}/{c}': get([pathParam('a'), pathParam('b'), pathParam('c')]) }),
      { baseUrl: base, fetch },
    );
    const result = await toolbox.execute({ name: 'get_a_b_c', arguments: { a: '..', b: '..', c: 'globex' } });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(urls).toEqual([]);
  });

  test('dot segments are refused in simple, label and matrix styles and across adjacent values', async () => {
    const cases: [string, unknown[], Record<string, unknown>][] = [
      ['/x/{a}', [pathParam('a')], { a: '.' }],
      ['/x/{a}', [pathParam('a')], { a: '..' }],
      ['/x/{a}', [pathParam('a', 'label')], { a: '.' }],
      ['/x/{a}', [pathParam('a', 'label')], { a: '' }],
      ['/x/{a}{b}', [pathParam('a'), pathParam('b')], { a: '.', b: '.' }],
      [
        '/x/{a}',
        [{ ...pathParam('a', 'label', true), schema: { type: 'array', items: { type: 'string' } } }],
        { a: ['', ''] },
      ],
    ];
    for (const [path, parameters, args] of cases) {
      const { urls, fetch } = recordingFetch();
      const { toolbox } = fromOpenAPI(documentWith({ [path]: get(parameters) }), { baseUrl: base, fetch });
      const [tool] = toolbox.tools();
      const result = await toolbox.execute({ name: tool?.configuration.name ?? '', arguments: args });
      expect([path, args, result.error?.code]).toEqual([path, args, 'INVALID_ARGUMENTS']);
      expect(urls).toEqual([]);
    }
  });

  test('percent-encoded dots in values stay data', async () => {
    const { urls, fetch } = recordingFetch();
    const { toolbox } = fromOpenAPI(documentWith({ '/x/{a}': get([pathParam('a')]) }), {
      baseUrl: base,
      fetch,
    });
    for (const a of ['%2e%2e', '.%2E', '...', 'a..b', '..a']) {
      const result = await toolbox.execute({ name: 'get_x_a', arguments: { a } });
      expect([a, result.outcome]).toEqual([a, 'success']);
    }
    expect(urls.map((url) => new URL(url).pathname)).toEqual([
      '/tenants/acme/x/%252e%252e',
      '/tenants/acme/x/.%252E',
      '/tenants/acme/x/...',
      '/tenants/acme/x/a..b',
      '/tenants/acme/x/..a',
    ]);
  });
});
