import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import { sentence } from './sentence';

/**
 * Messages are built by putting a caller's text (a policy reason, a thrown message, a Zod issue) before a
 * sentence of our own. Whatever that text ends with, the joint must read as two sentences: never two
 * periods, never a missing one.
 */

/** A caller's text: words, then nothing or any mix of terminal punctuation, closing quotes and spaces. */
const reasons = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z][A-Za-z ,;:()"'-]{0,30}[A-Za-z)"']$/),
    fc.constantFrom('', '.', '..', '...', '!', '?', '…', '."', '.)', '!)', ' ', '. ', '.\n', '?!'),
  )
  .map(([words, end]) => `${words}${end}`);

/** Where a text we append to ends: its last character that is not a space, a closing quote or bracket. */
function terminal(text: string): string {
  return text.replace(/[\s"'”’)\]]+$/u, '').slice(-1);
}

describe('sentence', () => {
  test('adds one period unless the text already ends a sentence; never doubles it', () => {
    fc.assert(
      fc.property(reasons, (reason) => {
        const ended = sentence(reason);
        expect(['.', '!', '?', '…']).toContain(terminal(ended));
        const trimmed = reason.trimEnd();
        // Either the text as it was (trailing space aside), or the text with one period added.
        expect([trimmed, `${trimmed}.`]).toContain(ended);
        if (!/[.!?…]$/u.test(terminal(trimmed))) expect(ended).toBe(`${trimmed}.`);
      }),
    );
  });

  test('an empty or blank text stays empty (nothing to end)', () => {
    expect(sentence('')).toBe('');
    expect(sentence('  ')).toBe('');
  });
});

describe('messages that join a caller text and a sentence of ours', () => {
  const tool = (policyReason: string) =>
    createTool({
      name: 'pay',
      description: 'Pays',
      input: z.object({ cents: z.number().refine((value) => value > 0, { message: policyReason }) }),
      policy: { beforeExecute: () => ({ status: 'needs_approval', reason: policyReason }) },
      execute: async () => 'paid',
    });

  test('the pause message reads "... approval: <reason>. Do not retry it" with one period', async () => {
    await fc.assert(
      fc.asyncProperty(reasons, async (reason) => {
        const toolbox = createToolbox([tool(reason)]);
        const paused = await toolbox.execute({ name: 'pay', arguments: { cents: 5 } });
        const message = paused.error?.message ?? '';
        expect(message).toContain(`${sentence(reason)} Do not retry it`);
        if (!reason.includes('..')) expect(message).not.toContain('..');
      }),
      { numRuns: 60 },
    );
  });

  test('without a reason, the default pause reason is not followed by a second period', async () => {
    const toolbox = createToolbox([
      createTool({
        name: 'pay',
        description: 'Pays',
        input: z.object({}),
        policy: { beforeExecute: () => ({ status: 'needs_approval' }) },
        execute: async () => 'paid',
      }),
    ]);
    const paused = await toolbox.execute({ name: 'pay', arguments: {} });
    expect(paused.error?.message).toBe(
      'Tool "pay" is waiting for human approval: Tool "pay" needs approval. Do not retry it; wait for the result.',
    );
  });

  test('the approval policy pause (the issue example) reads "requires human approval. Do not retry it"', async () => {
    const toolbox = createToolbox(
      [createTool({ name: 'deploy', description: 'Deploys', input: z.object({}), execute: () => 1 })],
      { approvalPolicy: { mode: 'always' }, approvalSecret: 'a secret of at least thirty-two bytes' },
    );
    const paused = await toolbox.execute({ name: 'deploy', arguments: {} });
    expect(paused.outcome).toBe('action_required');
    expect(paused.error?.message).toBe(
      'Tool "deploy" is waiting for human approval: Tool "deploy" requires human approval. Do not retry it; wait for the result.',
    );
  });

  test('denials, thrown policies and validation issues join with exactly one period', async () => {
    await fc.assert(
      fc.asyncProperty(reasons, async (reason) => {
        const denying = createToolbox(
          [createTool({ name: 'x', description: 'x', input: z.object({}), execute: () => 1 })],
          { policy: { beforeExecute: () => ({ status: 'deny', reason }) } },
        );
        const throwing = createToolbox(
          [createTool({ name: 'x', description: 'x', input: z.object({}), execute: () => 1 })],
          {
            policy: {
              beforeExecute: () => {
                throw new Error(reason);
              },
            },
          },
        );
        const invalid = createToolbox([tool(reason)]);
        const messages = [
          (await denying.execute({ name: 'x', arguments: {} })).error?.message,
          (await throwing.execute({ name: 'x', arguments: {} })).error?.message,
          (await invalid.execute({ name: 'pay', arguments: { cents: -1 } })).error?.message,
        ];
        for (const message of messages) {
          expect(typeof message).toBe('string');
          if (!reason.includes('..')) expect(message).not.toContain('..');
          expect(message).toContain(sentence(reason));
        }
      }),
      { numRuns: 40 },
    );
  });
});
