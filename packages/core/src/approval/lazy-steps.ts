import type { CallState } from '../execution/call-state';
import { stopped } from '../execution/policy-steps';
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
  // After the first pause the module and the runtime are loaded: no import per call.
  if (pauseModule !== undefined && settings.runtime !== undefined) return pauseModule.stopCall(state, stop);
  return Promise.all([import('./pause'), settings.load()]).then(([pause]) => {
    pauseModule = pause;
    return pause.stopCall(state, stop);
  });
}

let pauseModule: typeof import('./pause') | undefined;
let grantModule: typeof import('./authorize-with-grant') | undefined;

/** Looks for a reusable grant that authorizes this call (see `authorizeWithGrant` in `./authorize-with-grant`). */
export async function authorizeWithGrant(state: CallState): Promise<boolean> {
  const settings = state.reg.owner.approvalSettings;
  if (settings === undefined || !settings.signs) return false;
  if (grantModule === undefined || settings.runtime === undefined) {
    [grantModule] = await Promise.all([import('./authorize-with-grant'), settings.load()]);
  }
  return grantModule.authorizeWithGrant(state);
}
