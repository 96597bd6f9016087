import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import { z } from 'zod';
import { CompositionError } from '../errors/composition-error';
import { when } from './when';

const input = z.object({ severity: z.enum(['low', 'high']), summary: z.string() });
const page = createTool({
  name: 'page',
  description: 'Page on-call',
  input,
  execute: async ({ summary }) => `paged: ${summary}`,
});
const ticket = createTool({
  name: 'ticket',
  description: 'File a ticket',
  input,
  execute: async ({ summary }) => `ticket: ${summary}`,
});

describe('when', () => {
  test('runs the branch the predicate picks', async () => {
    const route = when(({ severity }) => severity === 'high', page, ticket);
    expect(await route({ severity: 'high', summary: 'db down' })).toBe('paged: db down');
    expect(await route({ severity: 'low', summary: 'typo' })).toBe('ticket: typo');
    expect(route.name).toBe('when-page-ticket');
  });

  test('without an otherwise branch, the arguments pass through', async () => {
    const maybe = when(async ({ severity }) => severity === 'high', page, { name: 'maybe-page' });
    expect(await maybe({ severity: 'low', summary: 'typo' })).toEqual({ severity: 'low', summary: 'typo' });
    expect(maybe.name).toBe('maybe-page');
  });

  test('validates against the then branch and reports a throwing predicate as a failure', async () => {
    const route = when(() => {
      throw new Error('predicate broke');
    }, page);
    const invalid = await route.execute({
      name: route.name,
      arguments: { severity: 'medium', summary: 'x' },
    });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const broken = await route.execute({ name: route.name, arguments: { severity: 'low', summary: 'x' } });
    expect(broken.error?.message).toContain('predicate broke');
  });

  test('rejects a missing predicate and non-tool branches', () => {
    expect(() => when('yes' as never, page)).toThrow(CompositionError);
    expect(() => when(() => true, {} as never)).toThrow(/not a tool/);
    expect(() => when(() => true, page, 'ticket' as never)).toThrow(/options must be an object/);
  });
});
