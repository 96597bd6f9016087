import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingCapability, resolveApprovalRequirement } from './approval-policy';

const tool = (name: string, metadata?: { mutates?: boolean; dangerous?: boolean }) => ({
  name,
  tags: [],
  metadata,
});

describe('the two-axis approval policy', () => {
  test('the ask axis follows the mode', () => {
    expect(resolveApprovalRequirement({ mode: 'always' }, tool('read'))?.ask).toBe(true);
    expect(resolveApprovalRequirement({ mode: 'risky' }, tool('read'))).toBeUndefined();
    expect(resolveApprovalRequirement({ mode: 'risky' }, tool('write', { mutates: true }))?.ask).toBe(true);
    expect(resolveApprovalRequirement({ mode: 'risky' }, tool('rm', { dangerous: true }))?.ask).toBe(true);
    expect(resolveApprovalRequirement({}, tool('write', { mutates: true }))).toBeUndefined();
  });

  test('the capability axis, by name or computed', () => {
    const byName = resolveApprovalRequirement(
      { requiredCapabilities: { send: ['mail', 'mail'] } },
      tool('send'),
    );
    expect(byName).toEqual({
      ask: false,
      requiredCapabilities: ['mail'],
      reason: 'Tool "send" requires human approval.',
    });
    const computed = resolveApprovalRequirement(
      { requiredCapabilities: (t) => [`tool:${t.name}`] },
      tool('x'),
    );
    expect(computed?.requiredCapabilities).toEqual(['tool:x']);
    expect(missingCapability(['a', 'b'], ['b'])).toBe('a');
    expect(missingCapability(['a'], undefined)).toBe('a');
    expect(missingCapability([], undefined)).toBeUndefined();
  });

  test('missingCapability names the first required capability the held list lacks, frozen or not', () => {
    const capability = fc.constantFrom('a', 'b', 'c', 'mail:send', '');
    fc.assert(
      fc.property(
        fc.array(capability, { maxLength: 4 }),
        fc.option(fc.array(capability, { maxLength: 4 }), { nil: undefined }),
        fc.boolean(),
        (required, held, frozen) => {
          const expected = required.find((item) => held === undefined || !held.includes(item));
          const lists = frozen
            ? [Object.freeze([...required]), held && Object.freeze([...held])]
            : [required, held];
          expect(missingCapability(lists[0] as string[], lists[1])).toBe(expected);
        },
      ),
    );
  });

  test('malformed policies throw TypeErrors', () => {
    expect(() => resolveApprovalRequirement({ mode: 'sometimes' as never }, tool('x'))).toThrow(TypeError);
    expect(() =>
      resolveApprovalRequirement({ requiredCapabilities: { x: 'a' as never } }, tool('x')),
    ).toThrow(TypeError);
    expect(() => resolveApprovalRequirement(null as never, tool('x'))).toThrow(TypeError);
  });
});
