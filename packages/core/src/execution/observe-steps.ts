import type * as ObserveModule from './observe';

/**
 * The observation steps (`./observe`), installed by `observeToolbox`, the only way an owner gets an
 * observer: the pipeline reaches them through this slot, so a bundle that never observes leaves them out.
 */
export let observeSteps: typeof ObserveModule | undefined;

/** Installs the observation steps (idempotent). */
export function installObserveSteps(steps: typeof ObserveModule): void {
  observeSteps = steps;
}
