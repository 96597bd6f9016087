import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { type DeclaredTool, declarationList, importTools, readNameAndDescription } from './import-tools';

describe('importTools', () => {
  test('imported tools validate arguments against the normalized schema and run getTool implementations', async () => {
    const toolbox = importTools(
      'fromX',
      [
        {
          name: 'area.circle',
          description: 'Area of a circle',
          parameters: { type: 'dict', properties: { radius: { type: 'float' } }, required: ['radius'] },
        },
      ],
      (item) => item as DeclaredTool,
      { getTool: () => async (params) => Math.round(Math.PI * (params['radius'] as number) ** 2) },
    );
    expect(toolbox.toJSON().tools[0]?.input).toEqual({
      type: 'object',
      properties: { radius: { type: 'number' } },
      required: ['radius'],
    });
    expect((await toolbox.execute({ name: 'area.circle', arguments: { radius: 2 } })).result).toBe(13);
    const bad = await toolbox.execute({ name: 'area.circle', arguments: { radius: 'two' } });
    expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
    const missing = await toolbox.execute({ name: 'area.circle', arguments: {} });
    expect(missing.error?.code).toBe('INVALID_ARGUMENTS');
  });

  test('without getTool, calls fail with TOOL_NOT_IMPLEMENTED', async () => {
    const toolbox = importTools(
      'fromX',
      [{ name: 'noop', description: '', parameters: undefined }],
      (item) => item as DeclaredTool,
      undefined,
    );
    const result = await toolbox.execute({ name: 'noop', arguments: {} });
    expect(result.error?.code).toBe('TOOL_NOT_IMPLEMENTED');
  });

  test('declaration readers explain what is wrong', () => {
    expect(() => declarationList('fromX', 'nope')).toThrow(/fromX\(\) expects an array/);
    expect(() => declarationList('fromX', [{}, 4])).toThrow(/declaration 1 is not an object/);
    expect(() => readNameAndDescription('fromX', 0, { description: 'x' })).toThrow(/has no "name"/);
    expect(() => readNameAndDescription('fromX', 2, { name: 'a', description: 5 })).toThrow(
      /declaration 2 \("a"\) has a "description" that is not a string/,
    );
    expect(readNameAndDescription('fromX', 0, { name: 'a', description: null })).toEqual({
      name: 'a',
      description: '',
    });
    try {
      declarationList('fromX', 1);
    } catch (error) {
      expect(ProviderAdapterError.isInstance(error)).toBe(true);
    }
  });
});

describe('importTools isolates each declaration', () => {
  const read = (item: unknown) => item as DeclaredTool;
  const declarations = [
    { name: 'good', description: '', parameters: { type: 'object', properties: { a: { type: 'string' } } } },
    {
      name: 'remote',
      description: '',
      parameters: { type: 'object', properties: { a: { $ref: 'x.json' } } },
    },
    { name: 'good', description: 'again', parameters: undefined },
    { name: 'alias', description: '', parameters: { properties: { b: { $ref: '#/properties/c' }, c: {} } } },
  ];

  test('by default the others are imported and each failure is reported with its index, name and path', () => {
    const failures: unknown[] = [];
    const toolbox = importTools('fromX', declarations, read, {
      onInvalidDeclarations: (found) => failures.push(...found),
    });
    expect(toolbox.tools().map((tool) => tool.name)).toEqual(['good', 'alias']);
    expect(failures).toMatchObject([
      { index: 1, tool: 'remote', path: '/properties/a', code: 'REMOTE_REFERENCE' },
      { index: 2, tool: 'good', path: '', code: 'DUPLICATE_NAME' },
    ]);
  });

  test('invalidDeclarations: "throw" refuses the whole list, listing every failure', () => {
    try {
      importTools('fromX', declarations, read, { invalidDeclarations: 'throw' });
      throw new Error('expected an error');
    } catch (error) {
      expect(ProviderAdapterError.isInstance(error)).toBe(true);
      expect((error as ProviderAdapterError).failures?.map((failure) => failure.index)).toEqual([1, 2]);
    }
  });

  test('without a callback, skipped declarations are reported with console.warn', () => {
    const original = console.warn;
    const lines: unknown[] = [];
    console.warn = (...args: unknown[]) => lines.push(...args);
    try {
      importTools('fromX', declarations.slice(0, 2), read, undefined);
    } finally {
      console.warn = original;
    }
    expect(String(lines[0])).toContain('1 declaration(s) skipped');
  });
});
