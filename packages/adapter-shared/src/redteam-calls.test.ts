import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import { z } from 'zod';
import { stripOptionalNulls } from './calls/strip-nulls';
import { toolsByDeclaredName } from './tools/declared-names';

const make = (name: string) =>
  createTool({ name, description: name, input: z.object({}), execute: async () => name });

describe('red team: shared inbound helpers', () => {
  test('stripOptionalNulls keeps a __proto__ key as data and never reads Object.prototype as a schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const value = JSON.parse('{"a":"x","__proto__":{"polluted":1}}') as Record<string, unknown>;
    const out = stripOptionalNulls(value, schema);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out['polluted']).toBeUndefined();
    const nulls = stripOptionalNulls(JSON.parse('{"constructor":null,"toString":null}'), schema);
    expect(Object.keys(nulls)).toEqual(['constructor', 'toString']);
  });

  test('toolsByDeclaredName: an unchanged name wins its name; colliding changed names map to neither', () => {
    for (const order of [
      ['geo.find', 'geo_find'],
      ['geo_find', 'geo.find'],
    ]) {
      const map = toolsByDeclaredName('openai', order.map(make), 'p');
      expect(map.get('geo_find')?.name).toBe('geo_find');
    }
    const map = toolsByDeclaredName('openai', [make('a.b'), make('a:b')], 'p');
    expect(map.has('a_b')).toBe(false);
  });
});
