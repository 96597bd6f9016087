import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { declarationList, importTools, readNameAndDescription } from './import-tools';

describe('importTools', () => {
  test('imported tools validate arguments against the normalized schema and run getTool implementations', async () => {
    const toolbox = importTools(
      [
        {
          name: 'area.circle',
          description: 'Area of a circle',
          parameters: { type: 'dict', properties: { radius: { type: 'float' } }, required: ['radius'] },
        },
      ],
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
    const toolbox = importTools([{ name: 'noop', description: '', parameters: undefined }], undefined);
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
