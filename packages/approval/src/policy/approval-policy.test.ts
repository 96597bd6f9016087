import { describe, expect, test } from 'bun:test';
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

  test('malformed policies throw TypeErrors', () => {
    expect(() => resolveApprovalRequirement({ mode: 'sometimes' as never }, tool('x'))).toThrow(TypeError);
    expect(() =>
      resolveApprovalRequirement({ requiredCapabilities: { x: 'a' as never } }, tool('x')),
    ).toThrow(TypeError);
    expect(() => resolveApprovalRequirement(null as never, tool('x'))).toThrow(TypeError);
  });
});
