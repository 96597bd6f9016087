import { describe, expect, test } from 'bun:test';
import {
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  MIN_SECRET_BYTES,
} from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { ToolboxError } from '../errors/armorer-error';
import { createTool } from '../tool/public';
import { combineToolboxes } from '../toolbox/combine';
import { createToolbox } from '../toolbox/public';
import type { ToolboxOptions } from '../toolbox/types';

/**
 * Issue 30, item 2: `approvalSecret: process.env.UNSET` created a toolbox that issued unsigned approvals
 * which failed days later at resume, and a 1-character secret was accepted. Whenever a toolbox can issue
 * an approval or a grant, a missing or weak secret (under 32 bytes, every key of a ring) now throws at
 * `createToolbox`, naming the option.
 */

const tool = createTool({ name: 'pay', description: 'Pays', input: z.object({}), execute: () => 'paid' });
const STRONG = 'a secret of thirty-two bytes or more!';

/** The error `createToolbox` throws for these options, or undefined. */
function thrown(options: ToolboxOptions): ToolboxError | undefined {
  try {
    createToolbox([tool], options);
    return undefined;
  } catch (error) {
    expect(ToolboxError.isInstance(error)).toBe(true);
    return error as ToolboxError;
  }
}

/** Options that can issue an approval or a grant, without their secret. */
const ISSUING: readonly [string, ToolboxOptions][] = [
  ['an approval secret key that is set but undefined (an unset variable)', { approvalSecret: undefined }],
  ['an approval policy that asks (always)', { approvalPolicy: { mode: 'always' } }],
  ['an approval policy that asks (risky)', { approvalPolicy: { mode: 'risky' } }],
  ['an approval state store', { approvalStateStore: createProcessLocalApprovalStateStore() }],
  ['a grant store', { grantStateStore: createProcessLocalGrantStateStore() }],
];

describe('createToolbox checks the approval secret', () => {
  for (const [what, options] of ISSUING) {
    test(`${what} without a secret throws INVALID_TOOLBOX_OPTIONS naming approvalSecret`, () => {
      const error = thrown(options);
      expect(error?.code).toBe('INVALID_TOOLBOX_OPTIONS');
      expect(error?.message).toMatch(/^approvalSecret is missing/);
    });
  }

  test('a weak secret (under 32 bytes, as a string or bytes) throws, naming the option, never the secret', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .string({ maxLength: 30 })
            .map((text) => `Zq!${text}`)
            .filter((text) => new TextEncoder().encode(text).length < 32),
          fc.uint8Array({ minLength: 1, maxLength: MIN_SECRET_BYTES - 1 }),
        ),
        (secret) => {
          const error = thrown({ approvalSecret: secret });
          expect(error?.code).toBe('INVALID_TOOLBOX_OPTIONS');
          expect(error?.message).toMatch(/^approvalSecret is \d+ bytes; at least 32 are required/);
          if (typeof secret === 'string') expect(error?.message).not.toContain('Zq!');
        },
      ),
    );
    expect(thrown({ approvalSecret: 'x'.repeat(32) })).toBeUndefined();
    expect(thrown({ approvalSecret: new Uint8Array(32) })).toBeUndefined();
  });

  test('every key of a ring is checked; the error names the key', () => {
    expect(thrown({ approvalKeys: [{ id: 'k1', secret: STRONG }] })).toBeUndefined();
    const weak = thrown({
      approvalKeys: [
        { id: 'k1', secret: STRONG },
        { id: 'k2', secret: 'short' },
      ],
    });
    expect(weak?.message).toContain('approvalKeys[1].secret');
    expect(
      thrown({
        approvalKeys: [
          { id: 'k1', secret: STRONG },
          { id: 'k1', secret: STRONG },
        ],
      })?.message,
    ).toContain('approvalKeys[1].id');
    expect(thrown({ approvalKeys: [] })?.message).toContain('approvalKeys');
    expect(thrown({ approvalKeys: undefined, approvalPolicy: { mode: 'always' } })?.message).toContain(
      'approvalSecret',
    );
    const both = thrown({ approvalSecret: STRONG, approvalKeys: [{ id: 'k1', secret: STRONG }] });
    expect(both?.message).toMatch(/approvalSecret.*approvalKeys|approvalKeys.*approvalSecret/);
  });

  test('a toolbox that cannot issue approvals needs no secret: none at all, or a capability-only policy', () => {
    expect(thrown({})).toBeUndefined();
    expect(thrown({ approvalPolicy: { requiredCapabilities: { pay: ['payments'] } } })).toBeUndefined();
    expect(thrown({ approvalPolicy: { mode: 'never' } })).toBeUndefined();
    // A policy hook alone keeps the documented unsigned pause (nothing asks for a secret).
    const hooked = createToolbox([tool], { policy: { beforeExecute: () => ({ status: 'needs_approval' }) } });
    expect(hooked).toBeDefined();
  });

  test('extend and combineToolboxes share the checked settings: nothing is checked twice or lost', () => {
    const base = createToolbox([tool], { approvalSecret: STRONG, approvalPolicy: { mode: 'always' } });
    const other = createTool({ name: 'other', description: 'Other', input: z.object({}), execute: () => 1 });
    expect(() => base.extend(other)).not.toThrow();
    expect(() => combineToolboxes(base, createToolbox([other]))).not.toThrow();
  });
});
