import { describe, expect, test } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { makeApprovalToolbox, pausePayment, requestContext } from '../__fixtures__/approval';

/**
 * Red-team: resumes racing revocation, restoration, shutdown and expiry, and stores that hang, throw or
 * answer late. Each must end (no resume outlives its timeout), run the tool at most once, and leave the
 * binding issued unless it was consumed by the one run or the contract says otherwise.
 */

const never = new Promise<never>(() => {});

/** A store whose chosen method waits for `release()` before doing its work. */
function gated(inner: ApprovalStateStore, method: 'reserve' | 'commit') {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const store: ApprovalStateStore = {
    ...inner,
    [method]: async (...args: unknown[]) => {
      await opened;
      return (inner[method] as (...a: unknown[]) => unknown)(...args);
    },
  };
  return { store, open };
}

/** A paused payment under a toolbox whose store gates `method`: what the racing tests start from. */
async function pausedBehindGate(method: 'reserve' | 'commit') {
  const runs = { count: 0 };
  const inner = createProcessLocalApprovalStateStore();
  const { store, open } = gated(inner, method);
  const toolbox = makeApprovalToolbox(runs, { approvalStateStore: store });
  const descriptor = await pausePayment(toolbox);
  return { runs, inner, open, toolbox, descriptor };
}

/** Settles within a second, or says it hung. */
function within<T>(promise: Promise<T>, ms = 1000): Promise<T | 'hung'> {
  return Promise.race([promise, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms))]);
}

async function stateOf(store: ApprovalStateStore, descriptor: { binding: unknown }) {
  return store.state(parseApprovalBinding(descriptor.binding));
}

describe('resumes racing the store and the toolbox', () => {
  test('a store whose reserve never answers does not hang a resume past its timeout or abort', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: { ...inner, reserve: () => never } });
    const descriptor = await pausePayment(toolbox);
    const timed = await within(toolbox.resumeApproval(descriptor, { requestContext, timeout: 30 }));
    expect(timed === 'hung' ? 'hung' : timed.outcome).not.toBe('hung');
    const controller = new AbortController();
    const resuming = toolbox.resumeApproval(descriptor, { requestContext, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('left')), 10);
    const aborted = await within(resuming);
    expect(aborted === 'hung' ? 'hung' : aborted.outcome).not.toBe('hung');
    expect(runs.count).toBe(0);
  });

  test('a reserve that lands after the resume timed out is handed back: the binding resumes later', async () => {
    const { runs, inner, open, toolbox, descriptor } = await pausedBehindGate('reserve');
    const timed = await toolbox.resumeApproval(descriptor, { requestContext, timeout: 20 });
    expect(timed.outcome).toBe('denied');
    expect(timed.error?.details?.reason).toBe('timeout');
    open();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await stateOf(inner, descriptor)).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(runs.count).toBe(1);
  });

  test('a signal that throws when read, with a store that reserves later: refused, the binding not stuck', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const slow: ApprovalStateStore = {
      ...inner,
      reserve: async (binding, view, now) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return inner.reserve(binding, view, now);
      },
    };
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: slow });
    const descriptor = await pausePayment(toolbox);
    const hostile = [
      {
        get aborted(): boolean {
          throw new Error('no');
        },
      },
      {
        aborted: false,
        addEventListener() {
          throw new Error('no');
        },
      },
      'not a signal',
    ];
    for (const signal of hostile) {
      const resumed = await toolbox.resumeApproval(descriptor, { requestContext, signal: signal as never });
      expect(resumed.outcome).not.toBe('success');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await stateOf(inner, descriptor)).toBe('issued');
    }
    expect(runs.count).toBe(0);
  });

  test('a store whose commit never answers does not hang a resume past its timeout', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: { ...inner, commit: () => never } });
    const descriptor = await pausePayment(toolbox);
    const result = await within(toolbox.resumeApproval(descriptor, { requestContext, timeout: 30 }));
    expect(result === 'hung' ? 'hung' : result.error?.code).toBe('TIMEOUT');
    expect(runs.count).toBe(0);
    // Handed back, not stuck reserved: the commit never landed.
    expect(await stateOf(inner, descriptor)).toBe('issued');
  });

  test('revokeApproval during a reserve: the resume runs once or not at all, and the states agree', async () => {
    const { runs, inner, open, toolbox, descriptor } = await pausedBehindGate('reserve');
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    const revoked = await toolbox.revokeApproval(descriptor).then(
      () => true,
      () => false,
    );
    open();
    const resumed = await resuming;
    expect(revoked).toBe(true);
    expect(resumed.outcome).toBe('denied');
    expect(resumed.error?.details?.reason).toBe('revoked');
    expect(runs.count).toBe(0);
    expect(await stateOf(inner, descriptor)).toBe('revoked');
  });

  test('revoke and restore while a resume holds the reservation are refused; the resume then runs once', async () => {
    const { runs, inner, open, toolbox, descriptor } = await pausedBehindGate('commit');
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    expect(await stateOf(inner, descriptor)).toBe('reserved');
    await expect(toolbox.revokeApproval(descriptor)).rejects.toMatchObject({ code: 'already-reserved' });
    await expect(toolbox.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'already-reserved' });
    open();
    expect((await resuming).outcome).toBe('success');
    expect(runs.count).toBe(1);
    expect(await stateOf(inner, descriptor)).toBe('consumed');
  });

  test('a toolbox shut down while a resume waits for its reserve: no run, the binding stays issued', async () => {
    const { runs, inner, open, toolbox, descriptor } = await pausedBehindGate('reserve');
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    const closing = toolbox.shutdown();
    open();
    const resumed = await resuming;
    await closing;
    expect(resumed.outcome).not.toBe('success');
    expect(runs.count).toBe(0);
    expect(await stateOf(inner, descriptor)).toBe('issued');
  });

  test('a toolbox aborted while a resumed call waits in its policy hook: no run, the binding issued again', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    let entered: () => void = () => {};
    const inHook = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const toolbox = makeApprovalToolbox(runs, {
      approvalStateStore,
      policy: {
        async beforeExecute(context) {
          if (!context.approval?.approved) return { status: 'needs_approval' };
          entered();
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { allow: true };
        },
      },
    });
    const descriptor = await pausePayment(toolbox);
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    await inHook;
    expect(await stateOf(approvalStateStore, descriptor)).toBe('reserved');
    expect(toolbox.abort(undefined, 'shutting down')).toBe(1);
    const resumed = await resuming;
    expect(resumed.outcome).not.toBe('success');
    expect(runs.count).toBe(0);
    expect(await stateOf(approvalStateStore, descriptor)).toBe('issued');
  });

  test('an approval that expires between the reserve and the commit does not run', async () => {
    const runs = { count: 0 };
    let now = Date.now();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const toolbox = makeApprovalToolbox(runs, {
      approvalNow: () => now,
      approvalBindingTtlMs: 1000,
      policy: {
        async beforeExecute(context) {
          if (!context.approval?.approved) return { status: 'needs_approval' };
          await held;
          return { allow: true };
        },
      },
    });
    const descriptor = await pausePayment(toolbox);
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    now += 5000;
    release();
    const resumed = await resuming;
    expect(resumed.outcome).toBe('denied');
    expect(resumed.error?.details?.reason).toBe('expired');
    expect(runs.count).toBe(0);
  });

  test('a store whose release throws: the refusal is still reported and nothing runs', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const store: ApprovalStateStore = {
      ...inner,
      release: () => {
        throw new Error('connection reset');
      },
    };
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: store });
    const descriptor = await pausePayment(toolbox);
    const resumed = await toolbox.resumeApproval(descriptor, {
      requestContext,
      arguments: { payee: '', cents: 500 },
    });
    expect(resumed.outcome).not.toBe('success');
    expect(runs.count).toBe(0);
  });
});

describe('a resume that died after reserving', () => {
  test('revokeApproval measures its reservation lease on the toolbox clock: refused while it runs, then revokes', async () => {
    let now = 1_700_000_000_000;
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore({ reservationLeaseMs: 1000 });
    // The resume reserves, then its process stops: the commit never answers and nothing is released.
    const dying: ApprovalStateStore = { ...inner, commit: () => never, release: async () => {} };
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: dying, approvalNow: () => now });
    const descriptor = await pausePayment(toolbox);
    const died = await toolbox.resumeApproval(descriptor, { requestContext, timeout: 30 });
    expect(died.outcome).not.toBe('success');
    expect(await stateOf(inner, descriptor)).toBe('reserved');
    now += 999;
    await expect(toolbox.revokeApproval(descriptor)).rejects.toMatchObject({ code: 'already-reserved' });
    now += 1;
    await toolbox.revokeApproval(descriptor);
    expect(await stateOf(inner, descriptor)).toBe('revoked');
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed.error?.details).toMatchObject({ reason: 'revoked' });
    expect(runs.count).toBe(0);
  });
});
