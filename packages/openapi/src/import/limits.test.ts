import { describe, expect, test } from 'bun:test';
import { OpenAPIError } from '../errors/openapi-error';
import { fromOpenAPI } from './from-openapi';

const baseUrl = 'https://api.example.com';
const doc = (paths: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths,
});
const json = (schema: unknown = {}) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});

function serving(body: BodyInit, headers: Record<string, string> = {}) {
  return async () => new Response(body, { headers });
}

/** A body streamed in chunks, never declaring its length. */
function stream(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(new Uint8Array(chunkSize).fill(97));
    },
  });
}

describe('response bodies are read up to maxResponseBytes', () => {
  const paths = { '/big': { get: { operationId: 'big', responses: json() } } };

  test('a body past the limit fails the call with RESPONSE_TOO_LARGE, declared or streamed', async () => {
    const cases: [BodyInit, Record<string, string>][] = [
      ['x'.repeat(2000), { 'content-type': 'application/json' }],
      [stream(50, 100), { 'content-type': 'text/plain' }],
      [stream(50, 100), { 'content-type': 'application/octet-stream' }],
    ];
    for (const [body, headers] of cases) {
      const { toolbox } = fromOpenAPI(doc(paths), {
        baseUrl,
        maxResponseBytes: 1000,
        fetch: serving(body, headers),
      });
      const result = await toolbox.execute({ name: 'big', arguments: {} });
      expect(result.error).toMatchObject({
        code: 'EXECUTION_FAILED',
        retryable: false,
        details: { reason: 'RESPONSE_TOO_LARGE', status: 200 },
      });
      expect(result.error?.message).toContain('maxResponseBytes');
    }
  });

  test('an error response past the limit fails the same way, and bodies within it are read whole', async () => {
    const { toolbox } = fromOpenAPI(doc(paths), {
      baseUrl,
      maxResponseBytes: 1000,
      fetch: async () => new Response(stream(50, 100), { status: 500 }),
    });
    expect((await toolbox.execute({ name: 'big', arguments: {} })).error?.details?.reason).toBe(
      'RESPONSE_TOO_LARGE',
    );
    const fits = fromOpenAPI(doc(paths), {
      baseUrl,
      maxResponseBytes: 1000,
      fetch: serving(stream(10, 100)),
    });
    expect((await fits.toolbox.execute({ name: 'big', arguments: {} })).result).toBe('a'.repeat(1000));
  });

  test('the default limit is a few MiB', async () => {
    const { toolbox } = fromOpenAPI(doc(paths), { baseUrl, fetch: serving(stream(9, 1024 * 1024)) });
    expect((await toolbox.execute({ name: 'big', arguments: {} })).error?.details?.reason).toBe(
      'RESPONSE_TOO_LARGE',
    );
  });

  test('invalid limits are refused', () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => fromOpenAPI(doc(paths), { baseUrl, maxResponseBytes })).toThrow(OpenAPIError);
    }
  });
});

describe('documents have limits', () => {
  function manyOperations(count: number, operationId?: string) {
    const paths: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) {
      paths[`/p${index}`] = {
        get: { ...(operationId === undefined ? {} : { operationId }), responses: json() },
      };
    }
    return doc(paths);
  }

  test('more operations than maxOperations is refused with DOCUMENT_TOO_LARGE; filters count', () => {
    const error = (() => {
      try {
        fromOpenAPI(manyOperations(11), { baseUrl, maxOperations: 10 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(OpenAPIError.isInstance(error) && error.code).toBe('DOCUMENT_TOO_LARGE');
    const kept = fromOpenAPI(manyOperations(11), { baseUrl, maxOperations: 10, exclude: ['GET /p0'] });
    expect(kept.toolbox.size).toBe(10);
  });

  test('the default maxOperations refuses 20,000 operations quickly', () => {
    expect(() => fromOpenAPI(manyOperations(20_000), { baseUrl })).toThrow(/maxOperations/);
  });

  test('a document larger than maxDocumentBytes is refused before any work', () => {
    const big = doc({ '/a': { get: { description: 'x'.repeat(5000), responses: json() } } });
    expect(() => fromOpenAPI(big, { baseUrl, maxDocumentBytes: 4000 })).toThrow(/maxDocumentBytes/);
    expect(fromOpenAPI(big, { baseUrl, maxDocumentBytes: 10_000 }).toolbox.size).toBe(1);
    // Shared and cyclic references (YAML aliases) are counted as written out, and the count stops at the limit.
    const node: Record<string, unknown> = { a: 'y'.repeat(100) };
    node['self'] = node;
    const cyclic = doc({ '/a': { get: { responses: json(), 'x-loop': node } } });
    expect(() => fromOpenAPI(cyclic, { baseUrl, maxDocumentBytes: 100_000 })).toThrow(/maxDocumentBytes/);
  });

  test('many operations sharing one operationId are renamed in linear time', () => {
    const { toolbox } = fromOpenAPI(manyOperations(5000, 'same'), { baseUrl, maxOperations: 5000 });
    expect(toolbox.size).toBe(5000);
    expect(toolbox.has('same_5000')).toBe(true);
  });
});
