import { describe, expect, test } from 'bun:test';
import {
  type ApprovalBindingV2,
  openApprovalBinding,
  parseApprovalBinding,
  signApprovalPayload,
} from '@armorer/approval';
import { makePayTool, pausingPolicy, requestContext } from '../__fixtures__/approval';
import type { PendingApproval } from '../policy/types';
import { createToolbox } from '../toolbox/public';

/**
 * Red-team: the key a toolbox signs with is the secret it was given when it was created. The approval
 * runtime (and its key) is built lazily, on the first pause; a host that wipes its secret buffer after
 * creating the toolbox (good hygiene) must not leave the toolbox signing with the wiped bytes.
 */
describe('the signing key under attack', () => {
  test('a secret buffer wiped after createToolbox: bindings are not signed with the wiped bytes', async () => {
    const runs = { count: 0 };
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const toolbox = createToolbox([makePayTool(runs)], { approvalSecret: secret, policy: pausingPolicy });
    secret.fill(0);
    const paused = await toolbox.execute(
      { id: 'c1', name: 'send-payment', arguments: { payee: 'ada', cents: 5 } },
      { requestContext },
    );
    const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval;
    const zeros = new Uint8Array(32);
    expect(() => openApprovalBinding(descriptor.binding, zeros)).toThrow(/does not verify/);
    // An attacker who knows the wiped bytes forges a fresh approval, has it restored, and resumes it.
    const {
      payload: _p,
      signature: _s,
      ...fields
    } = parseApprovalBinding(descriptor.binding) as ApprovalBindingV2;
    const args = { payee: 'mallory', cents: 999_999 };
    const binding = signApprovalPayload({ ...fields, nonce: 'forged', arguments: args }, zeros);
    const forged = { ...descriptor, binding, proposedCall: { ...descriptor.proposedCall, arguments: args } };
    await toolbox.restoreApproval(forged).catch(() => undefined);
    const resumed = await toolbox.resumeApproval(forged, { requestContext });
    expect(resumed.outcome).toBe('denied');
    expect(runs.count).toBe(0);
    // The genuine approval still resumes.
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).result).toEqual({
      paid: 'ada',
      cents: 5,
    });
  });
});
