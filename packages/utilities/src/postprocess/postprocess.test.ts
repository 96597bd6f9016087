import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import { z } from 'zod';
import { CompositionError } from '../errors/composition-error';
import { postprocess } from './postprocess';

const fetchUser = createTool({
  name: 'fetch-user',
  description: 'Fetch a user',
  input: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ userId: id, name: 'John' }),
});

describe('postprocess', () => {
  test('transforms the output', async () => {
    const formatted = postprocess(fetchUser, async (user, params) => ({
      ...user,
      displayName: `${user.name} (${params.id})`,
    }));
    expect(await formatted({ id: '123' })).toEqual({
      userId: '123',
      name: 'John',
      displayName: 'John (123)',
    });
    expect(formatted.name).toBe('postprocess-fetch-user');
  });

  test('a throwing mapper fails the call; the step error is untouched', async () => {
    const failing = postprocess(fetchUser, () => {
      throw new Error('cannot format');
    });
    expect((await failing.execute({ name: failing.name, arguments: { id: '1' } })).error?.message).toContain(
      'cannot format',
    );
    expect((await failing.execute({ name: failing.name, arguments: {} })).error?.code).toBe(
      'INVALID_ARGUMENTS',
    );
  });

  test('rejects a missing mapper', () => {
    expect(() => postprocess(fetchUser, null as never)).toThrow(CompositionError);
  });
});
