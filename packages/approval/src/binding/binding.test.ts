import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { requestView } from '../__fixtures__/request-view';
import { ApprovalError } from '../errors/errors';
import { matchApprovalBinding, normalizeCapabilities, normalizeFrozenCapabilities } from './match-binding';
import { approvalBindingKey, parseApprovalBinding } from './parse-binding';
import { signApprovalBinding, signPendingApproval, verifyApprovalBinding } from './sign-binding';
import type { ApprovalBinding, ApprovalBindingV1, ApprovalRequestView } from './types';

const SECRET = 'binding-test-secret';
const NOW = 1_800_000_000_000;

const view: ApprovalRequestView = requestView();

const binding: ApprovalBindingV1 = signApprovalBinding(
  {
    ...view,
    version: 1,
    kind: 'approval',
    toolName: 'send-email',
    callId: 'call-1',
    argumentsDigest: 'a'.repeat(64),
    issuedAt: NOW,
    expiresAt: NOW + 60_000,
    nonce: 'nonce-1',
    replayScope: 'tenant=t1;principal=u1',
  },
  SECRET,
);

/** A different value of the same kind for a binding field. */
function changed(field: keyof ApprovalBindingV1, value: unknown): unknown {
  if (field === 'capabilities') return ['read'];
  if (field === 'version') return 2;
  if (field === 'kind') return value === 'approval' ? 'input' : 'approval';
  if (typeof value === 'number') return value + 1;
  if (field === 'argumentsDigest' || field === 'signature')
    return `${(value as string).slice(0, -1)}${(value as string).endsWith('0') ? '1' : '0'}`;
  if (value === null) return 'set';
  return `${value as string}x`;
}

describe('approval bindings', () => {
  test('a signed binding verifies and survives a JSON round trip', () => {
    verifyApprovalBinding(binding, SECRET);
    const copy = parseApprovalBinding(JSON.parse(JSON.stringify(binding)));
    verifyApprovalBinding(copy, SECRET);
    expect(copy).toEqual(binding);
    expect(signPendingApproval(binding, SECRET)).toBe(binding.signature);
  });

  test('changing any field, or the secret, fails verification', () => {
    for (const field of Object.keys(binding) as (keyof ApprovalBinding)[]) {
      const tampered = { ...binding, [field]: changed(field, binding[field]) } as ApprovalBinding;
      expect(() => verifyApprovalBinding(tampered, SECRET)).toThrow(ApprovalError);
    }
    expect(() => verifyApprovalBinding(binding, 'another-secret')).toThrow(/does not verify/);
    expect(() => verifyApprovalBinding(binding, '')).toThrow(ApprovalError);
  });

  test('random mutations of a field never verify (property)', () => {
    const fields = Object.keys(binding).filter((field) => field !== 'version') as (keyof ApprovalBinding)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        (field, value) => {
          fc.pre(value !== binding[field]);
          const tampered = { ...binding, [field]: value } as ApprovalBinding;
          let verified = false;
          try {
            verifyApprovalBinding(parseApprovalBinding(tampered), SECRET);
            verified = true;
          } catch (error) {
            expect(ApprovalError.isInstance(error)).toBe(true);
          }
          expect(verified).toBe(false);
        },
      ),
    );
  });

  test('parse refuses malformed bindings with invalid-binding', () => {
    const bad: unknown[] = [
      null,
      'x',
      [],
      { ...binding, version: 2 },
      { ...binding, kind: 'other' },
      { ...binding, issuedAt: -1 },
      { ...binding, expiresAt: binding.issuedAt },
      { ...binding, nonce: '' },
      { ...binding, toolName: 42 },
      { ...binding, capabilities: [1] },
      { ...binding, signature: 'short' },
      { ...binding, principalId: 'x'.repeat(5000) },
      { ...binding, authorizationRevision: {} },
    ];
    for (const value of bad) {
      try {
        parseApprovalBinding(value);
        throw new Error('parsed');
      } catch (error) {
        expect((error as ApprovalError).code).toBe('invalid-binding');
      }
    }
  });

  test('matching refuses every changed request field and expiry', () => {
    expect(matchApprovalBinding(binding, view, NOW)).toBeUndefined();
    expect(matchApprovalBinding(binding, view, NOW + 60_000)?.code).toBe('expired');
    expect(matchApprovalBinding(binding, view, Number.NaN)?.code).toBe('expired');
    // A time that is not a finite number is no time: -Infinity is before every expiry, yet refused.
    expect(matchApprovalBinding(binding, view, Number.NEGATIVE_INFINITY)?.code).toBe('expired');
    fc.assert(
      fc.property(fc.oneof(fc.double({ noDefaultInfinity: false }), fc.anything()), (now) => {
        const finiteBefore = typeof now === 'number' && Number.isFinite(now) && now < binding.expiresAt;
        expect(matchApprovalBinding(binding, view, now as number)?.code === 'expired').toBe(!finiteBefore);
      }),
    );
    const cases: [keyof ApprovalRequestView, unknown, string][] = [
      ['principalId', 'u2', 'principal-mismatch'],
      ['tenantId', null, 'tenant-mismatch'],
      ['ownerId', 'o2', 'owner-mismatch'],
      ['audience', 'public', 'audience-mismatch'],
      ['agentId', 'a2', 'agent-mismatch'],
      ['runId', 'r2', 'run-mismatch'],
      ['authorizationRevision', '3', 'authorization-mismatch'],
      ['capabilities', ['read', 'write', 'admin'], 'capability-mismatch'],
      ['capabilities', null, 'capability-mismatch'],
      ['toolboxRevision', 'tb2', 'revision-mismatch'],
      ['toolDefinitionRevision', 'td2', 'revision-mismatch'],
      ['policyRevision', null, 'revision-mismatch'],
      ['approvalRevision', 'ap2', 'revision-mismatch'],
    ];
    for (const [field, value, code] of cases) {
      expect(matchApprovalBinding(binding, { ...view, [field]: value }, NOW)?.code).toBe(code as never);
    }
  });

  test('capabilities are recorded sorted and unique; keys join scope and nonce', () => {
    expect(normalizeCapabilities(['b', 'a', 'b'])).toEqual(['a', 'b']);
    expect(normalizeCapabilities(undefined)).toBeNull();
    expect(approvalBindingKey(binding)).toBe('tenant=t1;principal=u1\u0000nonce-1');
  });

  test('a frozen list normalizes the same with or without the frozen check', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'mail:send', ''), { maxLength: 5 }), (items) => {
        const list = Object.freeze([...items]);
        const expected = normalizeCapabilities(list);
        const fast = normalizeFrozenCapabilities(list);
        expect(fast).toEqual(expected as string[]);
        expect(Object.isFrozen(fast)).toBe(true);
        // A list already sorted and unique is returned as it is, by both.
        expect(fast === list).toBe(expected === list);
      }),
    );
  });

  test('only bindings parse itself checked skip the checks: copies, frozen look-alikes and proxies do not', () => {
    const checked = parseApprovalBinding(JSON.parse(JSON.stringify(binding)));
    expect(Object.isFrozen(checked)).toBe(true);
    expect(Object.isFrozen(checked.capabilities)).toBe(true);
    expect(parseApprovalBinding(checked)).toBe(checked);
    // A frozen copy with a malformed field is parsed (and refused), never trusted as already checked.
    const lookAlike = Object.freeze({ ...checked, capabilities: 'read' });
    expect(() => parseApprovalBinding(lookAlike)).toThrow(ApprovalError);
    // A proxy over a checked binding is read once per field into a new frozen copy.
    const reads = new Map<PropertyKey, number>();
    const proxy = new Proxy(checked, {
      get(target, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    });
    const copy = parseApprovalBinding(proxy);
    expect(copy).not.toBe(proxy);
    expect(copy).toEqual(checked);
    expect(reads.get('signature')).toBe(1);
    expect(reads.get('capabilities')).toBe(1);
    // Two bindings that carry the same capability list share one frozen list; a different list does not.
    const other = parseApprovalBinding({ ...JSON.parse(JSON.stringify(binding)), nonce: 'nonce-2' });
    expect(other.capabilities).toBe(checked.capabilities);
    const third = parseApprovalBinding({ ...JSON.parse(JSON.stringify(binding)), capabilities: ['read'] });
    expect(third.capabilities).toEqual(['read']);
    expect(approvalBindingKey(other)).toBe('tenant=t1;principal=u1\u0000nonce-2');
    expect(approvalBindingKey({ replayScope: 's', nonce: 'n' })).toBe('s\u0000n');
  });
});
