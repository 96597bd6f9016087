import type { ToolResult } from './types';

type WaitingStages = typeof import('./waiting-stages');

let stages: WaitingStages | undefined;

/** The waiting stages, once loaded (so a caller can run one without building a closure); else undefined. */
export function loadedStages(): WaitingStages | undefined {
  return stages;
}

/**
 * Runs a waiting stage (policy, approval, concurrency queue, stream, afterExecute), loading them on first
 * use: synchronously once loaded, after the load the first time. Plain calls never come here.
 */
export function withStages<T extends ToolResult | Promise<ToolResult>>(
  run: (loaded: WaitingStages) => T,
): T | Promise<ToolResult> {
  if (stages !== undefined) return run(stages);
  return import('./waiting-stages').then((loaded) => {
    stages = loaded;
    return run(loaded);
  });
}
