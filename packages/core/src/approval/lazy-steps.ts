import type { CallState } from '../execution/call-state';
import { stopped } from '../execution/run-steps';
import type { ToolResult } from '../execution/types';
import type { PolicyStop } from '../policy/evaluate';

/**
 * The pipeline's doors into approval. A pause that gets a signed binding, and a grant lookup, need the
 * approval runtime (HMAC, stores) and their own code: both load on first use, so a toolbox that never
 * pauses or asks keeps them out of its bundle. Without a secret nothing is signed and nothing loads.
 */

/** Ends a call a policy stopped (see `stopCall` in `./pause`). */
export function stopCall(state: CallState, stop: PolicyStop): ToolResult | Promise<ToolResult> {
  const settings = state.reg.owner.approvalSettings;
  if (stop.status === 'deny' || settings === undefined || !settings.signs)
    return stopped(state, stop, state.params);
  return Promise.all([import('./pause'), settings.load()]).then(([pause]) => pause.stopCall(state, stop));
}

/** Looks for a reusable grant that authorizes this call (see `authorizeWithGrant` in `./authorize-with-grant`). */
export async function authorizeWithGrant(state: CallState): Promise<boolean> {
  const settings = state.reg.owner.approvalSettings;
  if (settings === undefined || !settings.signs) return false;
  const [grants] = await Promise.all([import('./authorize-with-grant'), settings.load()]);
  return grants.authorizeWithGrant(state);
}
