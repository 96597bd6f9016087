import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import { createTool, createToolbox, type Toolbox } from '@armorer/core';
import { z } from 'zod';
import type { EffectLedger } from './effects';

/** The approval secret every instance of one cluster shares. */
export const CLUSTER_APPROVAL_SECRET = 'armorer-cluster-approval-secret-0123456789';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The cluster's tools, each recording its side effect (with the instance that ran it) in the database
 * before it answers: `charge` at once; `approve-charge` after a person approves (an `input_required`
 * round trip); `export` as a long-running task with progress; `approve-export` a task that waits for
 * approval inside it. `workMs` is how long the long-running ones work after their effect; `afterEffect`
 * runs right after each effect is recorded (the test freezes an instance there).
 */
export function clusterToolbox(
  ledger: EffectLedger,
  instance: string,
  stores: { readonly approvalStateStore: ApprovalStateStore; readonly grantStateStore: GrantStateStore },
  workMs = 40,
  afterEffect: () => Promise<void> = () => Promise.resolve(),
): Toolbox {
  const input = { ref: z.string().min(1).max(200) };
  const record = async (ref: string, tool: string) => {
    await ledger.record({ ref, tool, instance });
    await afterEffect();
  };
  const charge = createTool({
    name: 'charge',
    description: 'Charges a card once',
    input,
    execute: async ({ ref }) => {
      await record(ref, 'charge');
      return `charged ${ref}`;
    },
  });
  const approveCharge = createTool({
    name: 'approve-charge',
    description: 'Charges a card once a person approves',
    input,
    metadata: { mutates: true },
    execute: async ({ ref }) => {
      await record(ref, 'approve-charge');
      return `charged ${ref} (approved)`;
    },
  });
  const exportReport = createTool({
    name: 'export',
    description: 'Exports a report (long-running)',
    input,
    metadata: { longRunning: true },
    execute: async ({ ref }, { progress, signal }) => {
      await record(ref, 'export');
      progress({ percent: 50, message: 'writing' });
      await pause(workMs, signal);
      return `exported ${ref}`;
    },
  });
  const approveExport = createTool({
    name: 'approve-export',
    description: 'Exports a report once a person approves (long-running)',
    input,
    metadata: { longRunning: true, mutates: true },
    execute: async ({ ref }, { signal }) => {
      await record(ref, 'approve-export');
      await pause(workMs, signal);
      return `exported ${ref} (approved)`;
    },
  });
  return createToolbox([charge, approveCharge, exportReport, approveExport], {
    approvalStateStore: stores.approvalStateStore,
    grantStateStore: stores.grantStateStore,
    approvalSecret: CLUSTER_APPROVAL_SECRET,
    approvalPolicy: { mode: 'risky' },
  });
}
