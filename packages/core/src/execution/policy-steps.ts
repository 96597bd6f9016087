import type { PolicyStop } from '../policy/evaluate';
import { createPendingApproval } from '../policy/pending-approval';
import type { CallState } from './call-state';
import { finishCall } from './stages/finish';
import type { ToolResult } from './types';

/** Ends a call a policy stopped: denied, or paused for approval or input. */
export function stopped(state: CallState, stop: PolicyStop, params: Record<string, unknown>): ToolResult {
  if (stop.status === 'deny') return finishCall(state, 'denied', undefined, stop.error, 'policy-denied');
  state.ext.pendingApproval = createPendingApproval(state, stop, params);
  return finishCall(state, 'action_required', undefined, stop.error);
}
