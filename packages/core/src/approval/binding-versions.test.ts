import { describe, expect, test } from 'bun:test';
import {
  type ApprovalBindingV1,
  type ApprovalStateStore,
  canonicalJson,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
  sha256Hex,
  signApprovalBinding,
  signApprovalPayload,
} from '@armorer/approval';
import fc from 'fast-check';
import { makeApprovalToolbox, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import { expectEveryMutationRefused } from '../__fixtures__/descriptor-mutation';
import type { PendingApproval } from '../policy/types';

/** The signed fields of a paused payment's (version 3) binding, without its version-specific ones. */
function fieldsOf(current: PendingApproval) {
  const decoded = parseApprovalBinding(current.binding);
  if (decoded.version !== 3) throw new Error('expected a version 3 binding');
  const {
    arguments: args,
    payload: _payload,
    signature: _signature,
    version: _version,
    argumentsValidated: _validated,
    storeEpoch: _epoch,
    ...fields
  } = decoded;
  return { args, fields };
}

/**
 * A paused payment as an earlier release described it: a version 1 binding (every field in the clear,
 * the arguments as a digest), recorded in the store as a durable store would still hold it.
 */
async function pauseAsVersion1(
  toolbox: ReturnType<typeof makeApprovalToolbox>,
  id: string,
  store: ApprovalStateStore,
) {
  const current = await pausePayment(toolbox, id);
  const { args, fields } = fieldsOf(current);
  const binding: ApprovalBindingV1 = signApprovalBinding(
    {
      ...fields,
      version: 1,
      nonce: `${fields.nonce}-v1`,
      argumentsDigest: sha256Hex(canonicalJson(args)),
    },
    SECRET,
  );
  const descriptor: PendingApproval = JSON.parse(JSON.stringify({ ...current, binding }));
  await store.issue(parseApprovalBinding(binding));
  return { descriptor, binding, current };
}

describe('binding versions', () => {
  test('a version 1 descriptor still resumes, once', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const { descriptor, binding } = await pauseAsVersion1(toolbox, 'call-v1', approvalStateStore);
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed.outcome).toBe('success');
    expect(resumed.result).toEqual({ paid: 'ada', cents: 500 });
    expect(runs.count).toBe(1);
    expect(await approvalStateStore.state(binding)).toBe('consumed');
    const replay = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(replay.error?.details?.reason).toBe('already-consumed');
    expect(runs.count).toBe(1);
  });

  test('a version 1 binding relabelled as version 2, or a version 2 envelope relabelled as 1, is refused', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const { descriptor, binding, current } = await pauseAsVersion1(
      toolbox,
      'call-relabel',
      approvalStateStore,
    );
    const forged: unknown[] = [
      { ...descriptor, binding: { ...binding, version: 2 } },
      { ...descriptor, binding: { ...binding, version: 2, payload: parseApprovalBinding(current.binding) } },
      { ...current, binding: { ...current.binding, version: 1 } },
      { ...current, binding: { ...current.binding, version: 1, argumentsDigest: binding.argumentsDigest } },
      { ...current, binding: { ...binding, ...current.binding, version: 1 } },
      { ...descriptor, binding: { ...current.binding, signature: binding.signature } },
      { ...current, binding: { ...current.binding, version: 2 } },
    ];
    for (const value of forged) {
      const result = await toolbox.resumeApproval(value, { requestContext });
      expect(result.outcome).toBe('denied');
    }
    expect(runs.count).toBe(0);
    expect(await approvalStateStore.state(binding)).toBe('issued');
    expect(await approvalStateStore.state(parseApprovalBinding(current.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect((await toolbox.resumeApproval(current, { requestContext })).outcome).toBe('success');
    expect(runs.count).toBe(2);
  });

  test('property: any change to a version 1 descriptor never runs the tool', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const { descriptor, binding } = await pauseAsVersion1(toolbox, 'call-v1-mutated', approvalStateStore);
    await expectEveryMutationRefused(toolbox, descriptor, runs, 200);
    expect(await approvalStateStore.state(binding)).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('a version 2 descriptor (the previous release) still resumes, once, its arguments validated again', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const current = await pausePayment(toolbox, 'call-v2');
    const { args, fields } = fieldsOf(current);
    const binding = signApprovalPayload(
      { ...fields, version: 2, nonce: `${fields.nonce}-v2`, arguments: args },
      SECRET,
    );
    await approvalStateStore.issue(parseApprovalBinding(binding));
    const { argumentsValidated: _shown, ...legacy } = current;
    const descriptor = JSON.parse(JSON.stringify({ ...legacy, binding })) as PendingApproval;
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).error?.details?.reason).toBe(
      'already-consumed',
    );
    expect(runs.count).toBe(1);
  });

  test('property: any change to a version 3 payload never runs the tool', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(toolbox, 'call-v3-mutated');
    const binding = descriptor.binding as { payload: string };
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: binding.payload.length - 1 }),
        fc.nat({ max: 4 }),
        fc.string({ maxLength: 6 }),
        async (start, length, insert) => {
          const payload = binding.payload.slice(0, start) + insert + binding.payload.slice(start + length);
          fc.pre(payload !== binding.payload);
          const forged = { ...descriptor, binding: { ...descriptor.binding, payload } };
          const result = await toolbox.resumeApproval(forged, { requestContext });
          expect(result.outcome).toBe('denied');
          expect(runs.count).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });
});
