import {
  APPROVAL_BINDING_V3,
  ApprovalError,
  type ApprovalRequestView,
  type ApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { createToolError } from '../errors/create-tool-error';
import { sentence } from '../errors/sentence';
import { describeThrown } from '../errors/tool-error';
import type { CallState } from '../execution/call-state';
import { definitionRevision } from '../execution/definition-revision';
import { finishCall } from '../execution/stages/finish';
import type { ToolResult } from '../execution/types';
import type { PolicyStop } from '../policy/evaluate';
import { createPendingApproval } from '../policy/pending-approval';
import type { PendingApproval } from '../policy/types';
import { replayScopeOf, requestView } from './request-view';

/**
 * Pauses a call for approval or input under a toolbox that signs: the pending approval gets a signed
 * binding, issued to the approval state store before the caller sees it (the approval runtime is loaded).
 */
export async function pauseWithBinding(state: CallState, stop: PolicyStop): Promise<ToolResult> {
  const runtime = state.reg.owner.approval;
  const pending = createPendingApproval(state, stop, state.params);
  if (runtime === undefined || runtime.store === undefined) {
    state.ext.pendingApproval = pending;
    return finishCall(state, 'action_required', undefined, stop.error);
  }
  let view: ApprovalRequestView;
  try {
    view = requestView(
      state.x?.hostRequestContext ?? state.requestContext,
      state.ownerId,
      runtime.revisions,
      definitionRevision(state.reg.config),
    );
  } catch (error) {
    // A request the binding cannot record faithfully (an id that is not a string): the call cannot be
    // paused for this request, so it is refused as such, not reported as a store failure.
    return unbindable(state, error);
  }
  let binding: NonNullable<PendingApproval['binding']>;
  try {
    const issuedAt = runtime.now();
    if (!Number.isFinite(issuedAt)) throw new TypeError('approvalNow did not return a finite time.');
    // Read before signing: the binding records the epoch the store had, so a restore can tell whether
    // the store may have lost it since (a stale epoch only makes a restore refuse).
    const storeEpoch = await epochOf(runtime.store);
    binding = runtime.sign({
      ...view,
      version: APPROVAL_BINDING_V3,
      kind: pending.kind,
      toolName: pending.toolName,
      callId: pending.callId,
      arguments: pending.proposedCall.arguments,
      argumentsValidated: pending.argumentsValidated,
      storeEpoch,
      issuedAt,
      expiresAt: issuedAt + runtime.ttlMs,
      nonce: runtime.nonce(),
      replayScope: replayScopeOf(view),
    });
    // The store records the decoded binding (a checked, frozen view of the envelope).
    const checked = parseApprovalBinding(binding);
    await runtime.store.issue(checked);
    // A satellite's interceptor (idempotency) records what the resume needs before the caller sees it.
    const interceptor = state.x?.interceptor;
    if (interceptor?.onPause !== undefined) {
      await interceptor.onPause({ binding: checked, params: state.params, configuration: state.reg.config });
    }
  } catch (error) {
    if (ApprovalError.isInstance(error) && error.code === 'arguments-too-large')
      return unbindable(state, error);
    const message = `Tool "${state.reg.config.name}" needs approval, but the approval could not be recorded: ${sentence(describeThrown(error))} The tool did not run.`;
    return finishCall(
      state,
      'error',
      undefined,
      createToolError('APPROVAL_STORE_FAILED', message, {
        cause: error,
        details: { reason: 'store-failed' },
      }),
    );
  }
  state.ext.pendingApproval = Object.freeze({ ...pending, binding });
  return finishCall(state, 'action_required', undefined, stop.error);
}

/**
 * The store's epoch, or `null` when it has none, fails to answer or answers one a binding cannot carry: the
 * epoch only serves a later restore, which then refuses (fails closed), so it never fails the pause itself.
 */
async function epochOf(store: ApprovalStateStore): Promise<string | null> {
  try {
    if (typeof store.epoch !== 'function') return null;
    const epoch: unknown = await store.epoch();
    return typeof epoch === 'string' && epoch.length > 0 && epoch.length <= 1024 ? epoch : null;
  } catch {
    return null;
  }
}

function unbindable(state: CallState, error: unknown): ToolResult {
  const reason = ApprovalError.isInstance(error) ? error.code : 'missing-request-context';
  const message = `Tool "${state.reg.config.name}" needs approval, but this request cannot be bound to one (${reason}): ${sentence(describeThrown(error))} The tool did not run.`;
  return finishCall(
    state,
    'denied',
    undefined,
    createToolError('APPROVAL_INVALID', message, { cause: error, details: { reason } }),
    'policy-denied',
  );
}
