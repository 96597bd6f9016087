import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { requestView } from '../__fixtures__/request-view';
import { canonicalJson } from '../json/canonical-json';
import { parseApprovalBinding } from './parse-binding';
import { openApprovalBinding, signApprovalPayload, verifyApprovalBinding } from './sign-binding';
import type { ApprovalBindingV2, UnsignedApprovalPayload } from './types';

const SECRET = 'checked-arguments-secret';
const NOW = 1_800_000_000_000;

const unsigned: UnsignedApprovalPayload = {
  ...requestView({ ownerId: null, approvalRevision: null }),
  version: 2,
  kind: 'approval',
  toolName: 'send-payment',
  callId: 'call-1',
  arguments: { payee: 'ada', cents: 500, memo: { lines: ['a', { b: 1 }] } },
  issuedAt: NOW,
  expiresAt: NOW + 60_000,
  nonce: 'nonce-1',
  replayScope: 'tenant=t1;principal=u1',
};

/** Changes a parsed binding's arguments in place, at the top and deep inside. */
function tamper(binding: ApprovalBindingV2): void {
  const args = binding.arguments as Record<string, unknown>;
  args.cents = 999_999;
  ((args.memo as { lines: unknown[] }).lines[1] as Record<string, unknown>).b = 2;
}

describe('a checked binding changed in place does not verify as its changes', () => {
  test('open and verify decode the verified payload again, never the parsed arguments object', () => {
    const checked = parseApprovalBinding(signApprovalPayload(unsigned, SECRET)) as ApprovalBindingV2;
    tamper(checked);
    for (const opened of [openApprovalBinding(checked, SECRET), verifyApprovalBinding(checked, SECRET)]) {
      expect((opened as ApprovalBindingV2).arguments).toEqual(unsigned.arguments as never);
    }
  });

  test('whatever the arguments, an opened binding carries the signed ones after any in-place change (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), (args, change) => {
        const envelope = signApprovalPayload({ ...unsigned, arguments: args }, SECRET);
        const checked = parseApprovalBinding(JSON.parse(JSON.stringify(envelope))) as ApprovalBindingV2;
        (checked.arguments as Record<string, unknown>).injected = change;
        const opened = openApprovalBinding(checked, SECRET) as ApprovalBindingV2;
        expect(canonicalJson(opened.arguments)).toBe(canonicalJson(args));
      }),
    );
  });
});
