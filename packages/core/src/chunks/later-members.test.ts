import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from '../tool/public';
import { LATER_MEMBERS } from '../toolbox/create-toolbox';
import { createToolbox } from '../toolbox/public';

const echo = () =>
  createTool({
    name: 'echo',
    description: 'Echo',
    input: z.object({ text: z.string() }),
    execute: ({ text }, context) => `${text}:${context.toolName}`,
  });

const LATER = LATER_MEMBERS;

describe('methods that load their code on first use', () => {
  test('are non-enumerable methods of the prototype, like the other members', () => {
    const toolbox = createToolbox([echo()]);
    const prototype = Object.getPrototypeOf(toolbox) as object;
    for (const name of LATER) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      expect(typeof descriptor?.value).toBe('function');
      expect(descriptor?.enumerable).toBe(false);
      expect(Object.keys(toolbox)).not.toContain(name);
    }
    const tool = echo();
    expect(typeof tool.rawExecute).toBe('function');
    expect(Object.keys(tool)).not.toContain('rawExecute');
  });

  test('answer the same before and after their chunk loaded, concurrently too', async () => {
    const toolbox = createToolbox([echo()]);
    const [first, second] = await Promise.all([toolbox.getAvailable(), toolbox.getAvailable()]);
    expect(first.map((tool) => tool.name)).toEqual(['echo']);
    expect(second.map((tool) => tool.name)).toEqual(['echo']);
    expect((await toolbox.getAvailable()).map((tool) => tool.name)).toEqual(['echo']);
    const tool = echo();
    expect(await tool.rawExecute({ text: 'a' })).toBe('a:echo');
    expect(await tool.rawExecute({ text: 'b' }, { toolName: 'other' })).toBe('b:other');
  });

  test('reject, never throw, when called on something that is not a toolbox', async () => {
    const prototype = Object.getPrototypeOf(createToolbox([])) as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    for (const name of LATER) {
      // Twice: the first call may be the one that loads the chunk, the second runs with it loaded.
      for (let round = 0; round < 2; round++) {
        let returned: unknown;
        expect(() => {
          returned = prototype[name]?.call({}, undefined, undefined);
        }).not.toThrow();
        expect(returned).toBeInstanceOf(Promise);
        await expect(returned as Promise<unknown>).rejects.toThrow(TypeError);
      }
    }
  });

  test('approval management without approval configured still rejects with its own error', async () => {
    const toolbox = createToolbox([echo()]);
    await expect(toolbox.issueGrant({} as never)).rejects.toMatchObject({
      name: 'GrantError',
      code: 'missing-secret',
    });
    await expect(toolbox.listGrants()).rejects.toMatchObject({ name: 'GrantError', code: 'missing-secret' });
  });
});
