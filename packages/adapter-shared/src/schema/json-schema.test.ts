import { describe, expect, test } from 'bun:test';
import { acceptsNull, isUnconstrained, pointer, requiredOf, resolveLocalRef, typesOf } from './json-schema';

describe('JSON Schema helpers', () => {
  const root = {
    type: 'object',
    $defs: { maybe: { type: ['string', 'null'] }, text: { type: 'string' }, 'a/b': { const: null } },
    properties: {},
  };

  test('acceptsNull follows types, enums, const, unions and references', () => {
    expect(acceptsNull({ type: 'string' }, root)).toBe(false);
    expect(acceptsNull({ type: ['string', 'null'] }, root)).toBe(true);
    expect(acceptsNull({ enum: ['a', null] }, root)).toBe(true);
    expect(acceptsNull({ enum: ['a'] }, root)).toBe(false);
    expect(acceptsNull({ const: null }, root)).toBe(true);
    expect(acceptsNull({ anyOf: [{ type: 'string' }, { type: 'null' }] }, root)).toBe(true);
    expect(acceptsNull({ oneOf: [{ type: 'string' }, { type: 'number' }] }, root)).toBe(false);
    expect(acceptsNull({ allOf: [{ type: ['string', 'null'] }, { type: 'string' }] }, root)).toBe(false);
    expect(acceptsNull({ $ref: '#/$defs/maybe' }, root)).toBe(true);
    expect(acceptsNull({ $ref: '#/$defs/text' }, root)).toBe(false);
    expect(acceptsNull({ nullable: true, type: 'string' }, root)).toBe(true);
    expect(acceptsNull({}, root)).toBe(true);
    expect(acceptsNull(true, root)).toBe(true);
    expect(acceptsNull(false, root)).toBe(false);
  });

  test('resolveLocalRef reads local pointers only', () => {
    expect(resolveLocalRef(root, '#')).toBe(root);
    expect(resolveLocalRef(root, '#/$defs/text')).toEqual({ type: 'string' });
    expect(resolveLocalRef(root, '#/$defs/a~1b')).toEqual({ const: null });
    expect(resolveLocalRef(root, '#/$defs/missing')).toBeUndefined();
    expect(resolveLocalRef(root, 'https://example.com/schema')).toBeUndefined();
  });

  test('small readers', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string']);
    expect(typesOf({ type: ['string', 7] })).toEqual(['string']);
    expect(typesOf({})).toBeUndefined();
    expect(pointer('/properties', 'a/b~c')).toBe('/properties/a~1b~0c');
    expect([...requiredOf({ required: ['a', 3, 'b'] })]).toEqual(['a', 'b']);
    expect(isUnconstrained({ description: 'anything', $comment: 'x' })).toBe(true);
    expect(isUnconstrained({ description: 'text', type: 'string' })).toBe(false);
  });
});
