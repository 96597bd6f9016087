import { afterAll, describe, expect, test } from 'bun:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { loadDocument, REAL_DOCUMENTS } from '../__fixtures__/documents';
import { startLoopback } from '../__fixtures__/loopback';
import { toOpenAPI } from '../export/to-openapi';
import { HTTP_METHODS } from '../openapi-constants';
import { fromOpenAPI } from './from-openapi';

const server = startLoopback();
afterAll(() => server.stop());

function countOperations(document: Record<string, unknown>): number {
  let count = 0;
  for (const item of Object.values(document['paths'] as Record<string, Record<string, unknown>>)) {
    for (const method of HTTP_METHODS) if (item[method] !== undefined) count++;
  }
  return count;
}

describe('real OpenAPI documents', () => {
  for (const file of REAL_DOCUMENTS) {
    test(`${file}: the document itself is valid, and every operation imports as a tool whose schema converts`, async () => {
      const document = loadDocument(file);
      if (file !== 'openai.yaml') {
        // A sanity check of the validator the exports are judged by (the 3 MB OpenAI file is left out: slow).
        const check = await validate(structuredClone(document) as never);
        expect(check.valid ? '' : compileErrors(check)).toBe('');
      }
      const { toolbox, warnings } = fromOpenAPI(document, { baseUrl: server.url });
      expect(toolbox.size).toBe(countOperations(document));
      expect(warnings.filter((warning) => warning.code === 'SKIPPED_OPERATION')).toEqual([]);
      for (const tool of toolbox.tools()) {
        // Forces the lazy conversion: a schema that did not convert reports "could not be converted".
        const parsed = tool.configuration.schema.safeParse({});
        if (!parsed.success)
          expect(JSON.stringify(parsed.error.issues)).not.toContain('could not be converted');
        expect(tool.configuration.description.length).toBeGreaterThan(0);
      }
    }, 60_000);
  }

  test('the OpenAI description: hundreds of operations, warnings name what was loosened', () => {
    const { toolbox, warnings } = fromOpenAPI(loadDocument('openai.yaml'), { baseUrl: server.url });
    expect(toolbox.size).toBeGreaterThan(200);
    for (const warning of warnings) expect(warning.pointer.startsWith('#/')).toBe(true);
    const chat = toolbox.getTool('createChatCompletion')?.configuration;
    expect(chat?.metadata).toMatchObject({
      mutates: true,
      openapi: { method: 'POST', path: '/chat/completions' },
    });
    expect(chat?.metadata?.['outputSchema']).toBeDefined();
    const list = toolbox.getTool('listModels')?.configuration;
    expect(list?.metadata).toMatchObject({ readOnly: true });
  });

  test('a real OpenAI call arrives as the API expects it', async () => {
    const { toolbox } = fromOpenAPI(loadDocument('openai.yaml'), {
      baseUrl: `${server.url}/v1`,
      headers: { authorization: 'Bearer sk-test' },
      include: ['createChatCompletion', 'retrieveModel'],
    });
    expect(toolbox.names()).toEqual(['createChatCompletion', 'retrieveModel']);
    server.respond(() => Response.json({ id: 'gpt-test', object: 'model', created: 0, owned_by: 'me' }));
    const model = await toolbox.execute({ name: 'retrieveModel', arguments: { model: 'gpt-4o' } });
    expect(model.result).toMatchObject({ id: 'gpt-test' });
    const chatArguments = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
    const input = toolbox.toJSON().tools.find((tool) => tool.name === 'createChatCompletion')?.input;
    const wrapped = ((input?.['properties'] ?? {}) as Record<string, unknown>)['body'] !== undefined;
    const chat = await toolbox.execute({
      name: 'createChatCompletion',
      arguments: wrapped ? { body: chatArguments } : chatArguments,
    });
    expect(chat.error).toBeUndefined();
    const [first, second] = server.received.slice(-2);
    expect(first?.path).toBe('/v1/models/gpt-4o');
    expect(second?.path).toBe('/v1/chat/completions');
    expect(second?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(JSON.parse(second?.text ?? '')).toEqual(chatArguments);
    const bad = await toolbox.execute({
      name: 'createChatCompletion',
      arguments: wrapped ? { body: { model: 1 } } : { model: 1 },
    });
    expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
  }, 30_000);

  test('Museum (3.1) and petstore (3.0) calls arrive with their parameters and bodies', async () => {
    const museum = fromOpenAPI(loadDocument('museum.yaml'), { baseUrl: server.url }).toolbox;
    server.respond(() => Response.json([]));
    await museum.execute({ name: 'listSpecialEvents', arguments: { startDate: '2023-02-23', limit: 5 } });
    let request = server.received.at(-1);
    expect(request?.path).toBe('/special-events');
    expect(request?.query.get('startDate')).toBe('2023-02-23');
    expect(request?.query.get('limit')).toBe('5');
    const event = {
      name: 'Pirate Coding Workshop',
      location: 'Seattle',
      eventDescription: 'Arr',
      dates: ['2023-09-05'],
      price: 25,
    };
    server.respond(() => Response.json({ eventId: 'e1', ...event }, { status: 201 }));
    const created = await museum.execute({ name: 'createSpecialEvent', arguments: event });
    expect(created.error).toBeUndefined();
    request = server.received.at(-1);
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.text ?? '')).toEqual(event);

    const petstore = fromOpenAPI(loadDocument('oai-petstore-expanded.yaml'), {
      baseUrl: `${server.url}/api`,
    }).toolbox;
    server.respond(() => Response.json([]));
    await petstore.execute({ name: 'findPets', arguments: { tags: ['cat', 'dog'], limit: 2 } });
    request = server.received.at(-1);
    expect(request?.path).toBe('/api/pets');
    expect(request?.query.getAll('tags')).toEqual(['cat', 'dog']);
    server.respond(() => Response.json({ code: 404, message: 'no pet' }, { status: 404 }));
    const missing = await petstore.execute({ name: 'find pet by id', arguments: { id: 9 } });
    expect(missing.error?.code).toBe('TOOL_NOT_FOUND');
    const byId = await petstore.execute({ name: 'find_pet_by_id', arguments: { id: 9 } });
    expect(byId.error?.details).toMatchObject({ status: 404, responseBody: { message: 'no pet' } });
  });

  test('every imported document exports again as a valid OpenAPI 3.1 document', async () => {
    for (const file of REAL_DOCUMENTS) {
      const { toolbox } = fromOpenAPI(loadDocument(file), { baseUrl: server.url });
      const exported = toOpenAPI(toolbox, { info: { title: file, version: '1.0.0' } });
      const check = await validate(structuredClone(exported) as never);
      expect(check.valid ? `${file}: valid` : `${file}: ${compileErrors(check)}`).toBe(`${file}: valid`);
    }
  }, 120_000);
});
