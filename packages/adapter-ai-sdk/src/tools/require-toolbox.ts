import { ProviderAdapterError } from '@armorer/adapter-shared';
import { isToolbox, type Toolbox } from '@armorer/core';

/** What runs the calls: a toolbox, or a wrapper of one (`withToolboxIdempotency`) that runs its calls. */
export type CallRunner = Pick<Toolbox, 'execute' | 'resumeApproval'>;

/**
 * The toolbox an exporter was given, and what runs its calls: the toolbox itself, or the wrapper it came in
 * (`withToolboxIdempotency` returns one whose `toolbox` is the wrapped toolbox). Anything else is a typed
 * error.
 */
export function requireToolbox(source: unknown, exporter: string): { toolbox: Toolbox; runner: CallRunner } {
  if (isToolbox(source)) return { toolbox: source, runner: source };
  const wrapped =
    typeof source === 'object' && source !== null ? (source as { toolbox?: unknown }).toolbox : undefined;
  const runner = source as Partial<CallRunner> | null;
  if (
    isToolbox(wrapped) &&
    typeof runner?.execute === 'function' &&
    typeof runner.resumeApproval === 'function'
  ) {
    return { toolbox: wrapped, runner: runner as CallRunner };
  }
  throw new ProviderAdapterError({
    code: 'INVALID_TOOLS',
    message: `${exporter}() expects a toolbox made by createToolbox() (or wrapped by withToolboxIdempotency): calls must run through its pipeline.`,
  });
}
