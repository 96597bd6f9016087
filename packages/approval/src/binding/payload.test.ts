import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { requestView } from '../__fixtures__/request-view';
import { ApprovalError } from '../errors/errors';
import { canonicalJson } from '../json/canonical-json';
import { sha256Hex } from '../signing/signing-key';
import { matchApprovalBinding } from './match-binding';
import { approvalBindingKey, parseApprovalBinding } from './parse-binding';
import { approvalPayloadText } from './payload';
import {
  openApprovalBinding,
  signApprovalBinding,
  signApprovalPayload,
  verifyApprovalBinding,
} from './sign-binding';
import type { ApprovalBindingEnvelope, ApprovalRequestView, UnsignedApprovalPayload } from './types';

const SECRET = 'payload-test-secret';
const NOW = 1_800_000_000_000;

const view: ApprovalRequestView = requestView({ ownerId: null, approvalRevision: null });

const unsigned: UnsignedApprovalPayload = {
  ...view,
  version: 2,
  kind: 'approval',
  toolName: 'send-email',
  callId: 'call:1', // a colon inside the call id must survive the call-id/nonce item
  arguments: { to: 'ada@example.com', body: 'héllo "quoted" \n line', tags: ['a', 'b'], n: -0 },
  issuedAt: NOW,
  expiresAt: NOW + 60_000,
  nonce: 'nonce-1',
  replayScope: 'tenant=t1;principal=u1',
};

const envelope = signApprovalPayload(unsigned, SECRET);

/** Whether opening a value under the secret succeeds; a refusal must be an ApprovalError. */
function opens(value: unknown, secret = SECRET): boolean {
  try {
    openApprovalBinding(value, secret);
    return true;
  } catch (error) {
    expect(ApprovalError.isInstance(error)).toBe(true);
    return false;
  }
}

/** A version 1 binding of the same approval (what earlier releases issued). */
const v1 = signApprovalBinding(
  {
    ...view,
    version: 1,
    kind: 'approval',
    toolName: unsigned.toolName,
    callId: unsigned.callId,
    argumentsDigest: sha256Hex(canonicalJson(unsigned.arguments)),
    issuedAt: NOW,
    expiresAt: NOW + 60_000,
    nonce: 'nonce-1',
    replayScope: unsigned.replayScope,
  },
  SECRET,
);

describe('version 2 bindings (signed payload)', () => {
  test('the envelope holds only version, payload and signature; it opens after a JSON round trip', () => {
    expect(Object.keys(envelope).sort()).toEqual(['payload', 'signature', 'version']);
    expect(envelope.payload).toBe(approvalPayloadText(unsigned));
    const opened = openApprovalBinding(JSON.parse(JSON.stringify(envelope)), SECRET);
    const { arguments: args, ...fields } = unsigned;
    expect(opened).toMatchObject({ ...fields, signature: envelope.signature, payload: envelope.payload });
    expect(opened.version === 2 && opened.arguments).toEqual(JSON.parse(JSON.stringify(args)));
    expect(Object.isFrozen(opened)).toBe(true);
    expect(approvalBindingKey(opened)).toBe('tenant=t1;principal=u1\u0000nonce-1');
    expect(matchApprovalBinding(opened, view, NOW)).toBeUndefined();
    // Verifying returns the binding decoded from the verified payload, whatever else the value claims.
    const claimed = { ...envelope, tenantId: 'forged', toolName: 'forged' };
    expect(verifyApprovalBinding(claimed as ApprovalBindingEnvelope, SECRET).tenantId).toBe('t1');
    expect(verifyApprovalBinding(claimed as ApprovalBindingEnvelope, SECRET).toolName).toBe('send-email');
  });

  test('parse decodes without verifying and returns a checked binding as it is; open decodes the verified payload', () => {
    const parsed = parseApprovalBinding(JSON.parse(JSON.stringify(envelope)));
    expect(parsed.callId).toBe('call:1');
    expect(parsed.nonce).toBe('nonce-1');
    expect(parseApprovalBinding(parsed)).toBe(parsed);
    // Never the parsed object itself: its arguments are not frozen (see checked-arguments.test.ts).
    const opened = openApprovalBinding(parsed, SECRET);
    expect(opened).not.toBe(parsed);
    expect(opened).toEqual(parsed);
    expect(() => openApprovalBinding(parsed, 'another-secret')).toThrow(/does not verify/);
  });

  test('another secret, no secret, or the version 1 domain never verify', () => {
    expect(opens(envelope, 'another-secret')).toBe(false);
    expect(() => openApprovalBinding(envelope, '')).toThrow(ApprovalError);
    // The same text signed as a version 1 binding would be: another domain, so another signature.
    expect(v1.signature).not.toBe(envelope.signature);
    expect(opens({ ...envelope, signature: v1.signature })).toBe(false);
  });

  test('a version 1 binding relabelled as version 2, or a version 2 envelope relabelled as 1, is refused', () => {
    expect(opens(v1)).toBe(true);
    expect(opens({ ...v1, version: 2 })).toBe(false);
    expect(opens({ ...v1, version: 2, payload: envelope.payload })).toBe(false);
    expect(opens({ ...envelope, version: 1 })).toBe(false);
    expect(opens({ ...envelope, ...v1, version: 1, payload: envelope.payload })).toBe(true); // a valid v1
    expect(opens({ ...v1, ...envelope })).toBe(true); // a valid v2: only payload and signature count
    expect(opens({ ...envelope, version: 3 })).toBe(false);
  });

  test('any change to the payload text or the signature is refused (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: envelope.payload.length - 1 }),
        fc.nat({ max: envelope.payload.length }),
        fc.string({ maxLength: 8 }),
        (start, length, insert) => {
          const payload = envelope.payload.slice(0, start) + insert + envelope.payload.slice(start + length);
          fc.pre(payload !== envelope.payload);
          expect(opens({ ...envelope, payload })).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.nat({ max: 63 }), fc.constantFrom(...'0123456789abcdefABCDEF'), (index, digit) => {
        const signature = envelope.signature.slice(0, index) + digit + envelope.signature.slice(index + 1);
        fc.pre(signature !== envelope.signature);
        expect(opens({ ...envelope, signature })).toBe(false);
      }),
    );
  });

  test('re-signed payloads with a changed field open as that change, so matching refuses them', () => {
    // Whoever holds the secret can sign anything; what a forger without it changes never verifies
    // (above). Here: each field changed and signed properly still decodes to exactly that change.
    const changes: Partial<UnsignedApprovalPayload>[] = [
      { tenantId: 't2' },
      { principalId: null },
      { capabilities: ['read'] },
      { policyRevision: 'p2' },
      { toolDefinitionRevision: 'td2' },
    ];
    for (const change of changes) {
      const opened = openApprovalBinding(signApprovalPayload({ ...unsigned, ...change }, SECRET), SECRET);
      expect(matchApprovalBinding(opened, view, NOW)).toBeDefined();
    }
  });

  test('malformed payloads are refused with invalid-binding, never another error (property)', () => {
    const values = [...JSON.parse(envelope.payload)] as unknown[];
    const bad = [
      'not json',
      '{}',
      '[]',
      JSON.stringify(values.slice(0, -1)),
      JSON.stringify([1, ...values.slice(1)]),
      JSON.stringify(values.map((value, index) => (index === 15 ? '70:call:1nonce-1' : value))),
      JSON.stringify(values.map((value, index) => (index === 15 ? '06:call:1nonce-1' : value))),
      JSON.stringify(values.map((value, index) => (index === 15 ? '6:call:1' : value))),
      JSON.stringify(values.map((value, index) => (index === 15 ? ':x' : value))),
      JSON.stringify(values.map((value, index) => (index === 15 ? 42 : value))),
      JSON.stringify(values.map((value, index) => (index === 19 ? [] : value))),
      JSON.stringify(values.map((value, index) => (index === 17 ? NOW - 1 : value))),
    ];
    for (const payload of bad) {
      expect(() => parseApprovalBinding({ ...envelope, payload })).toThrow(
        expect.objectContaining({ code: 'invalid-binding' }),
      );
    }
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (payload) => {
        try {
          parseApprovalBinding({ version: 2, payload, signature: envelope.signature });
        } catch (error) {
          expect((error as ApprovalError).code).toBe('invalid-binding');
        }
      }),
    );
    expect(() => approvalPayloadText({ ...unsigned, arguments: [] as never })).toThrow(TypeError);
  });
});
