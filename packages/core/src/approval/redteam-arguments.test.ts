import { describe, expect, test } from 'bun:test';
import {
  type ApprovalBindingV1,
  type ApprovalBindingV3,
  canonicalJson,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
  sha256Hex,
  signApprovalBinding,
} from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import {
  makeApprovalToolbox,
  pausePayment,
  pausingPolicy,
  requestContext,
  SECRET,
} from '../__fixtures__/approval';
import type { PendingApproval } from '../policy/types';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import type { ApprovalContext } from './resume-state';

/**
 * Red-team: the arguments a resumed call runs with are the signed ones, or edits reported as edits. Every
 * attack reads a host-built value twice (a getter, a Proxy) or relies on two values that compare equal but
 * are not, and checks the tool ran with what the person approved, or the result says it did not.
 */

/** A payment toolbox whose policy records what `context.approval` said on each resume. */
function recordingToolbox(seen: (ApprovalContext | undefined)[]) {
  return makeApprovalToolbox(
    { count: 0 },
    {
      policy: {
        beforeExecute(context) {
          seen.push(context.approval);
          return pausingPolicy.beforeExecute?.(context) ?? { allow: true };
        },
      },
    },
  );
}

describe('the arguments that run are the approved ones, or reported as edited', () => {
  test('a checked binding whose decoded arguments were changed in place does not run the change', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const descriptor = await pausePayment(toolbox);
    const checked = parseApprovalBinding(descriptor.binding) as ApprovalBindingV3;
    try {
      (checked.arguments as Record<string, unknown>).cents = 999_999;
    } catch {
      // Not possible: nothing to tamper with.
    }
    const forged = {
      ...descriptor,
      binding: checked,
      proposedCall: { ...descriptor.proposedCall, arguments: { payee: 'ada', cents: 999_999 } },
    };
    const resumed = await toolbox.resumeApproval(forged, { requestContext });
    expect(resumed.outcome).toBe('denied');
    expect(runs.count).toBe(0);
    // The sibling (the genuine descriptor) still resumes, with the signed amount.
    const genuine = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(genuine.result).toEqual({ paid: 'ada', cents: 500 });
  });

  test('options whose `arguments` getter answers the proposal first and an edit later: reported as edited', async () => {
    const seen: (ApprovalContext | undefined)[] = [];
    const toolbox = recordingToolbox(seen);
    const descriptor = await pausePayment(toolbox);
    let reads = 0;
    const options = {
      requestContext,
      get arguments() {
        reads++;
        return reads <= 2 ? { payee: 'ada', cents: 500 } : { payee: 'mallory', cents: 500 };
      },
    };
    const resumed = await toolbox.resumeApproval(descriptor, options);
    const ran = resumed.result as { paid: string } | undefined;
    // Either the first answer ran, or the run is reported as an edit, to policy and in the result.
    if (ran?.paid === 'mallory') {
      expect(resumed.executedArgumentsEdited).toBe(true);
      expect(seen.at(-1)?.edited).toBe(true);
    } else expect(resumed.executedArgumentsEdited).toBe(false);
    expect(reads).toBe(1);
  });

  test('edited arguments with a getter that changes between reads: what runs is what was compared', async () => {
    const seen: (ApprovalContext | undefined)[] = [];
    const toolbox = recordingToolbox(seen);
    const descriptor = await pausePayment(toolbox);
    let reads = 0;
    const edits = {
      cents: 500,
      get payee() {
        reads++;
        return reads === 1 ? 'ada' : 'mallory';
      },
    };
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext, arguments: edits });
    const ran = (resumed.result as { paid: string }).paid;
    expect(resumed.executedArgumentsEdited).toBe(ran !== 'ada');
    expect(seen.at(-1)?.edited).toBe(ran !== 'ada');
  });

  test('edits that compare equal to the proposal only by ignoring their type are reported as edited', async () => {
    const received: unknown[] = [];
    const tool = createTool({
      name: 'annotate',
      description: 'Stores a note',
      input: z.object({ note: z.any() }),
      async execute({ note }) {
        received.push(note);
        return 'ok';
      },
    });
    const toolbox = createToolbox([tool], { approvalSecret: SECRET, policy: pausingPolicy });
    const paused = await toolbox.execute(
      { id: 'c1', name: 'annotate', arguments: { note: {} } },
      { requestContext },
    );
    const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval;
    for (const note of [new Date(0), new Map([['a', 1]]), new (class Note {})()]) {
      const restored = await toolbox.restoreApproval(descriptor).catch(() => undefined);
      expect(restored === undefined || restored === 'issued').toBe(true);
      const resumed = await toolbox.resumeApproval(descriptor, { requestContext, arguments: { note } });
      if (resumed.outcome === 'success') {
        expect(resumed.executedArgumentsEdited).toBe(true);
        break;
      }
    }
  });

  test('a version 1 descriptor whose arguments change between the digest check and validation', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const current = await pausePayment(toolbox, 'call-v1');
    const decoded = parseApprovalBinding(current.binding) as ApprovalBindingV3;
    const {
      arguments: args,
      payload: _p,
      signature: _s,
      version: _v,
      argumentsValidated: _a,
      storeEpoch: _e,
      ...fields
    } = decoded;
    const binding: ApprovalBindingV1 = signApprovalBinding(
      { ...fields, version: 1, nonce: `${fields.nonce}-v1`, argumentsDigest: sha256Hex(canonicalJson(args)) },
      SECRET,
    );
    const stored = JSON.parse(JSON.stringify({ ...current, binding })) as PendingApproval;
    await approvalStateStore.issue(parseApprovalBinding(binding));
    let reads = 0;
    const live = {
      cents: 500,
      get payee() {
        reads++;
        return reads === 1 ? 'ada' : 'mallory';
      },
    };
    const forged = { ...stored, proposedCall: { ...stored.proposedCall, arguments: live } };
    const resumed = await toolbox.resumeApproval(forged, { requestContext });
    if (resumed.outcome === 'success') {
      expect(resumed.result).toEqual({ paid: 'ada', cents: 500 });
      expect(resumed.executedArgumentsEdited).toBe(false);
    } else expect(runs.count).toBe(0);
  });

  test('a schema that transforms: the resumed call runs with what the person saw, transformed once', async () => {
    const charged: unknown[] = [];
    const tool = createTool({
      name: 'charge',
      description: 'Charges an amount given in dollars',
      input: z.object({ dollars: z.number().transform((dollars) => dollars * 100) }),
      async execute(args) {
        charged.push(args);
        return args;
      },
    });
    const toolbox = createToolbox([tool], { approvalSecret: SECRET, policy: pausingPolicy });
    const paused = await toolbox.execute(
      { id: 'c1', name: 'charge', arguments: { dollars: 5 } },
      { requestContext },
    );
    const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval;
    // The person is shown the validated arguments (what runs), transformed once, at the pause.
    expect(descriptor.proposedCall.arguments).toEqual({ dollars: 500 });
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed.executedArgumentsEdited).toBe(false);
    expect(charged).toEqual([{ dollars: 500 }]);
  });

  test('arguments sent as JSON text are proposed as the parsed object, and resume as it', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const paused = await toolbox.execute(
      { id: 'c-text', name: 'send-payment', arguments: '{"payee":"ada","cents":700}' },
      { requestContext },
    );
    const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval;
    expect(descriptor.proposedCall.arguments).toEqual({ payee: 'ada', cents: 700 });
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', executedArgumentsEdited: false });
    expect(resumed.result).toEqual({ paid: 'ada', cents: 700 });
  });

  test('property: edits equal to the proposal after a JSON round trip are unedited, any other edit is', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ payee: fc.constantFrom('ada', 'bob'), cents: fc.constantFrom(500, 501, -0, 0.5) }),
        fc.boolean(),
        async (edit, withUndefined) => {
          const descriptor = await pausePayment(toolbox, `call-${runs.count}-${Math.random()}`);
          const args = withUndefined ? { ...edit, extra: undefined } : edit;
          const resumed = await toolbox.resumeApproval(descriptor, { requestContext, arguments: args });
          const same = edit.payee === 'ada' && edit.cents === 500;
          const valid = Number.isInteger(edit.cents) && edit.cents > 0;
          expect(resumed.outcome === 'success').toBe(valid);
          expect(resumed.executedArgumentsEdited).toBe(!same);
        },
      ),
      { numRuns: 40 },
    );
  });
});
