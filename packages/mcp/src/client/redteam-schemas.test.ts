import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { listingClient } from '../__fixtures__/data';
import { fromMcpTools } from './from-mcp-tools';
import { schemaCostExceeds } from './schema-cost';

/** Imports one tool with `inputSchema` and calls it; the process must come back. */
async function importAndCall(inputSchema: Record<string, unknown>, args: Record<string, unknown>) {
  const client = listingClient([{ name: 'hostile', inputSchema }]);
  const imported = await fromMcpTools(client);
  return { client, result: await imported.toolbox.execute({ name: 'hostile', arguments: args }) };
}

describe('red team: hostile input schemas from tools/list', () => {
  test('a $ref cycle that never descends does not freeze the process (the server validates instead)', async () => {
    const aliases = {
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    };
    const { client, result } = await importAndCall(aliases, { x: 1 });
    expect(result.outcome).toBe('success');
    expect(client.calls).toEqual([{ name: 'hostile', arguments: { x: 1 } }]);
    const throughAllOf = { type: 'object', properties: { y: { allOf: [{ $ref: '#/properties/y' }] } } };
    expect((await importAndCall(throughAllOf, { y: 'z' })).result.outcome).toBe('success');
  });

  test('an exponential anyOf fan-out is bounded', () => {
    const $defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let level = 1; level <= 40; level++) {
      const below = { $ref: `#/$defs/d${level - 1}` };
      $defs[`d${level}`] = { anyOf: [below, below] };
    }
    expect(
      schemaCostExceeds({ type: 'object', properties: { v: { $ref: '#/$defs/d40' } }, $defs }, 1000),
    ).toBe(true);
  });

  test('recursion through properties is legitimate: it stays validated locally', async () => {
    const tree = { type: 'object', properties: { label: { type: 'string' }, child: { $ref: '#' } } };
    expect(schemaCostExceeds(tree, 1000)).toBe(false);
    const { client, result } = await importAndCall(tree, { child: { child: { label: 7 } } });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(client.calls).toEqual([]);
  });

  test('random schemas of same-instance keywords and refs: every import and call returns', async () => {
    const names = ['a', 'b', 'c'];
    const ref = fc.constantFrom(...names).map((name) => ({ $ref: `#/$defs/${name}` }));
    const node = fc.oneof(
      ref,
      fc.constant({ type: 'string' }),
      fc.array(ref, { minLength: 1, maxLength: 3 }).map((allOf) => ({ allOf })),
      fc.array(ref, { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      ref.map((not) => ({ not })),
    );
    await fc.assert(
      fc.asyncProperty(fc.tuple(node, node, node), fc.jsonValue(), async ([a, b, c], value) => {
        const schema = { type: 'object', properties: { v: { $ref: '#/$defs/a' } }, $defs: { a, b, c } };
        const { result } = await importAndCall(schema, { v: value });
        expect(['success', 'error']).toContain(result.outcome);
      }),
      { numRuns: 150 },
    );
  });
});
