import { createToolError } from '../errors/create-tool-error';
import { sentence } from '../errors/sentence';
import { normalizeDecision, type PolicyStop } from './evaluate';

/** The pause the approval policy's ask outcome produces when no grant authorizes the call. */
export function approvalStop(toolName: string, reason: string): PolicyStop {
  return normalizeDecision(toolName, { status: 'needs_approval', reason }, 'approval') as PolicyStop;
}

/**
 * What an `afterExecute` answer becomes. A denial withholds the result. `needs_approval` and
 * `needs_input` are refused: the implementation already ran, so approving afterwards could only run it a
 * second time. The result is withheld and the call ends `denied` with POLICY_ERROR; nothing is left to
 * resume. (Ask for approval in `beforeExecute`, before the side effect.)
 */
export function afterExecuteStop(toolName: string, stop: PolicyStop): PolicyStop {
  if (stop.status === 'deny') return stop;
  const reason = `the afterExecute policy answered ${stop.status} after the tool had already run; approval can only be requested before execution (beforeExecute), so the result is withheld`;
  return {
    status: 'deny',
    reason,
    error: createToolError(
      'POLICY_ERROR',
      `Tool "${toolName}" ran, but ${sentence(reason)} Do not retry the same call.`,
      {
        details: { reason },
      },
    ),
  };
}
