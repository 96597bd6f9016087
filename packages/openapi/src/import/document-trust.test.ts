import { describe, expect, test } from 'bun:test';
import { fromOpenAPI } from './from-openapi';

const ok = { '200': { description: 'ok' } };
const doc = (paths: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths,
});
const baseUrl = 'https://api.example.com';

function recordingFetch() {
  const sent: Headers[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    return Response.json({ ok: true });
  };
  return { sent, fetch };
}

describe('x-armorer metadata may add restrictions, never remove them', () => {
  const paths = {
    '/a': {
      delete: {
        operationId: 'remove',
        'x-armorer': { metadata: { readOnly: true, mutates: false } },
        responses: ok,
      },
      post: { operationId: 'create', 'x-armorer': {}, responses: ok },
      put: {
        operationId: 'replace',
        'x-armorer': {
          metadata: { timeoutMs: 1e12, dangerous: false, idempotent: true, openWorld: false, team: 'x' },
        },
        responses: ok,
      },
      get: {
        operationId: 'read',
        'x-armorer': { metadata: { mutates: true, dangerous: true, concurrency: 2 } },
        responses: ok,
      },
      patch: {
        operationId: 'patch',
        'x-armorer': { metadata: { openapi: { method: 'GET', path: '/elsewhere' } } },
        responses: ok,
      },
    },
  };

  test('a DELETE marked readOnly, or any operation with x-armorer: {}, is still refused by readOnly toolboxes', async () => {
    for (const toolbox of [
      fromOpenAPI(doc(paths), { baseUrl, fetch: recordingFetch().fetch, toolbox: { readOnly: true } })
        .toolbox,
      fromOpenAPI(doc(paths), { baseUrl, fetch: recordingFetch().fetch, toolbox: { allowMutation: false } })
        .toolbox,
    ]) {
      for (const name of ['remove', 'create', 'replace', 'read', 'patch']) {
        const result = await toolbox.execute({ name, arguments: {} });
        expect([name, result.error?.code]).toEqual([name, 'MUTATION_DENIED']);
      }
    }
  });

  test('the method decides mutates; restrictive keys are kept, loosening keys dropped with a warning', () => {
    const { toolbox, warnings } = fromOpenAPI(doc(paths), { baseUrl });
    const metadata = (name: string) => toolbox.getTool(name)?.configuration.metadata;
    expect(metadata('remove')).toMatchObject({ mutates: true, openapi: { method: 'DELETE', path: '/a' } });
    expect(metadata('remove')?.readOnly).toBeUndefined();
    expect(metadata('create')).toMatchObject({ mutates: true });
    expect(metadata('replace')).toMatchObject({ mutates: true, team: 'x' });
    for (const key of ['timeoutMs', 'dangerous', 'idempotent', 'openWorld']) {
      expect(metadata('replace')?.[key]).toBeUndefined();
    }
    // A GET the document says mutates, and marks dangerous with a concurrency limit: all three restrict.
    expect(metadata('read')).toMatchObject({ mutates: true, dangerous: true, concurrency: 2 });
    expect(metadata('read')?.readOnly).toBeUndefined();
    expect(metadata('patch')?.['openapi']).toEqual({ method: 'PATCH', path: '/a', operationId: 'patch' });
    const ignored = warnings.filter((warning) => warning.code === 'IGNORED_METADATA');
    expect(ignored.map((warning) => warning.tool).sort()).toEqual(['patch', 'remove', 'replace']);
  });
});

describe('a document parameter never replaces a configured credential', () => {
  const paths = {
    '/k': {
      get: {
        operationId: 'read',
        parameters: [
          { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
  };

  test('a header parameter named like a configured header (any case) is dropped with a warning', async () => {
    const { sent, fetch } = recordingFetch();
    const { toolbox, warnings } = fromOpenAPI(doc(paths), {
      baseUrl,
      fetch,
      headers: { 'x-api-KEY': 'operator-secret' },
    });
    const input = toolbox.toJSON().tools[0]?.input as { properties: Record<string, unknown> };
    expect(Object.keys(input.properties)).toEqual(['X-Trace']);
    expect(
      warnings.some(
        (warning) => warning.code === 'IGNORED_CONSTRUCT' && warning.message.includes('X-Api-Key'),
      ),
    ).toBe(true);
    const refused = await toolbox.execute({ name: 'read', arguments: { 'X-Api-Key': 'attacker' } });
    expect(refused.error?.code).toBe('INVALID_ARGUMENTS');
    const result = await toolbox.execute({ name: 'read', arguments: { 'X-Trace': 't' } });
    expect(result.outcome).toBe('success');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('x-api-key')).toBe('operator-secret');
  });

  test('headers returned per call by a function always win over parameter values', async () => {
    const { sent, fetch } = recordingFetch();
    const { toolbox } = fromOpenAPI(doc(paths), {
      baseUrl,
      fetch,
      headers: () => ({ 'X-API-KEY': 'operator-secret' }),
    });
    const result = await toolbox.execute({ name: 'read', arguments: { 'X-Api-Key': 'attacker' } });
    expect(result.outcome).toBe('success');
    expect(sent[0]?.get('x-api-key')).toBe('operator-secret');
  });
});
