import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { OpenAPIError } from '../errors/openapi-error';
import { fromOpenAPI, toolName } from './from-openapi';

const baseUrl = 'https://api.example.com';

function doc(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, ...extra };
}

const ok = { '200': { description: 'ok' } };

describe('fromOpenAPI input checks', () => {
  test('what is not an OpenAPI 3 document is refused with a typed error', () => {
    for (const bad of [
      null,
      'openapi: 3.1.0',
      [],
      { swagger: '2.0' },
      { openapi: '4.0.0' },
      { openapi: '3.1.0', paths: [] },
    ]) {
      try {
        fromOpenAPI(bad, { baseUrl });
        throw new Error('expected a throw');
      } catch (error) {
        expect(OpenAPIError.isInstance(error)).toBe(true);
        expect((error as OpenAPIError).code).toBe('INVALID_DOCUMENT');
      }
    }
    expect(() => fromOpenAPI({ swagger: '2.0' }, { baseUrl })).toThrow(/Swagger 2.0 must be converted/);
  });

  test('a baseUrl that is not an absolute http(s) URL is refused', () => {
    for (const bad of ['/relative', 'ftp://x', '', 42]) {
      expect(() => fromOpenAPI(doc({}), { baseUrl: bad as string })).toThrow(/absolute http\(s\) baseUrl/);
    }
  });

  test('a document without paths imports as an empty toolbox', () => {
    const { toolbox, warnings } = fromOpenAPI(
      { openapi: '3.0.0', info: { title: 't', version: '1' } },
      { baseUrl },
    );
    expect(toolbox.size).toBe(0);
    expect(warnings).toEqual([]);
  });
});

describe('fromOpenAPI operations', () => {
  const paths = {
    '/pets': {
      get: {
        operationId: 'listPets',
        tags: ['pets'],
        summary: 'List pets',
        description: 'All of them.',
        responses: ok,
      },
      post: { operationId: 'createPet', tags: ['pets', 'write'], responses: ok },
    },
    '/pets/{id}': {
      get: {
        summary: 'One pet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok,
      },
      delete: { operationId: 'createPet', deprecated: true, responses: ok },
    },
    '/admin': { $ref: '#/components/pathItems/Admin' },
  };
  const components = {
    components: { pathItems: { Admin: { head: { operationId: 'ping', responses: ok } } } },
  };

  test('names, descriptions, tags, read-only and mutating metadata', () => {
    const { toolbox, warnings } = fromOpenAPI(doc(paths, components), { baseUrl });
    expect(toolbox.names()).toEqual(['listPets', 'createPet', 'get_pets_id', 'createPet_2', 'ping']);
    expect(warnings.map((warning) => warning.code)).toEqual(['RENAMED_OPERATION']);
    const list = toolbox.getTool('listPets')?.configuration;
    expect(list?.description).toBe('List pets\n\nAll of them.');
    expect(list?.tags).toEqual(['pets']);
    expect(list?.metadata).toEqual({
      readOnly: true,
      openapi: { method: 'GET', path: '/pets', operationId: 'listPets' },
    });
    expect(toolbox.getTool('get_pets_id')?.configuration.description).toBe('One pet');
    expect(toolbox.getTool('createPet_2')?.configuration.metadata).toMatchObject({
      mutates: true,
      deprecated: true,
    });
    expect(toolbox.getTool('ping')?.configuration.metadata).toMatchObject({ readOnly: true });
  });

  test('include and exclude take names, operationIds, routes or predicates', () => {
    const names = (options: Partial<Parameters<typeof fromOpenAPI>[1]>) =>
      fromOpenAPI(doc(paths, components), { baseUrl, ...options }).toolbox.names();
    expect(names({ include: ['listPets', 'GET /pets/{id}'] })).toEqual(['listPets', 'get_pets_id']);
    expect(
      names({ include: (operation) => operation.tags.includes('pets'), exclude: ['createPet'] }),
    ).toEqual(['listPets']);
    expect(names({ exclude: (operation) => operation.method !== 'GET' })).toEqual([
      'listPets',
      'get_pets_id',
    ]);
  });

  test('callbacks, webhooks, cookie parameters and broken references are warnings, not failures', () => {
    const { toolbox, warnings } = fromOpenAPI(
      doc(
        {
          '/subscribe': {
            post: {
              operationId: 'subscribe',
              parameters: [{ name: 'sid', in: 'cookie' }, { $ref: '#/components/parameters/Missing' }, 5],
              requestBody: { $ref: '#/components/requestBodies/Missing' },
              callbacks: { onEvent: {} },
              responses: ok,
            },
          },
          '/bad': { get: 'not an operation' },
        },
        { webhooks: { newPet: {} } },
      ),
      { baseUrl },
    );
    expect(toolbox.names()).toEqual(['subscribe']);
    expect(warnings.map((warning) => warning.code).sort()).toEqual([
      'IGNORED_CONSTRUCT',
      'IGNORED_CONSTRUCT',
      'INVALID_SCHEMA',
      'INVALID_SCHEMA',
      'SKIPPED_OPERATION',
      'UNRESOLVED_REF',
      'UNRESOLVED_REF',
      'UNSUPPORTED_PARAMETER',
    ]);
  });

  test('a parameter and a body property with the same name keep both: the body moves under `body`', () => {
    const { toolbox } = fromOpenAPI(
      doc({
        '/items/{id}': {
          patch: {
            operationId: 'patchItem',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } },
              },
            },
            responses: ok,
          },
        },
      }),
      { baseUrl },
    );
    const input = toolbox.toJSON().tools[0]?.input;
    expect(input).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        body: { type: 'object', properties: { id: { type: 'string' } } },
      },
      required: ['id'],
      additionalProperties: false,
    });
  });

  test('tool names from operationIds and routes are valid tool names', () => {
    expect(toolName('get pet\tby id', 'get', '/x')).toBe('get_pet_by_id');
    expect(toolName(undefined, 'get', '/pets/{id}/toys')).toBe('get_pets_id_toys');
    expect(toolName('', 'post', '/')).toBe('post');
    fc.assert(
      fc.property(fc.option(fc.string()), fc.string(), (operationId, path) => {
        const name = toolName(operationId, 'get', path);
        expect(name.length).toBeGreaterThan(0);
        expect(/[\p{Cc}\s]/u.test(name)).toBe(false);
      }),
    );
  });

  test('hostile documents never crash: the import returns or throws an OpenAPIError', () => {
    const anything = fc.jsonValue({ maxDepth: 4 });
    const operation = fc.record(
      {
        operationId: fc.oneof(fc.string({ maxLength: 6 }), anything),
        parameters: fc.oneof(
          fc.array(
            fc.record(
              {
                name: fc.string({ maxLength: 3 }),
                in: fc.constantFrom('query', 'path', 'header', 'cookie', 'body'),
                schema: anything,
              },
              { requiredKeys: [] },
            ),
          ),
          anything,
        ),
        requestBody: fc.oneof(
          fc.record({
            content: fc.dictionary(
              fc.constantFrom('application/json', 'text/plain', 'multipart/form-data'),
              fc.record({ schema: anything }),
            ),
          }),
          anything,
        ),
        responses: anything,
      },
      { requiredKeys: [] },
    );
    const document = fc.record({
      openapi: fc.constantFrom('3.0.0', '3.1.0', 3, undefined),
      paths: fc.oneof(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.dictionary(fc.constantFrom('get', 'post', 'parameters', '$ref'), fc.oneof(operation, anything)),
        ),
        anything,
      ),
    });
    fc.assert(
      fc.property(document, (value) => {
        try {
          const { toolbox } = fromOpenAPI(value, { baseUrl });
          for (const tool of toolbox.tools()) tool.configuration.schema.safeParse({});
        } catch (error) {
          expect(OpenAPIError.isInstance(error)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
