import type { ListenerOptions, Unsubscribe } from '../../events/types';
import type { ExecutionLifetime } from '../../toolbox/types';
import type { ExecutionOwner } from '../registration';
import { createExecutions } from '../snapshots/executions-api';
import type { Executions } from '../snapshots/snapshot-types';
import type { ExecutionTracker } from './tracker';

/**
 * The members tools and toolboxes share: the lifetime of the work their owner admitted and its listeners.
 * Both objects get them from {@link defineOwnerSurface}, one definition instead of a copy per object (they
 * are the same thin delegations, and every method of a class stays in a bundle).
 */
export interface OwnerSurface extends ExecutionLifetime {
  addEventListener(type: string, listener: (event: never) => void, options?: ListenerOptions): Unsubscribe;
  on(type: string, listener: (event: never) => void, options?: ListenerOptions): Unsubscribe;
  removeEventListener(type: string, listener: (event: never) => void): void;
  once(type: string, options?: { readonly signal?: AbortSignal }): Promise<unknown>;
}

const executionsOf = new WeakMap<ExecutionTracker, Executions>();

/** Tracker members read through as they are: surface name, then the tracker's field. */
const READS = [
  ['activeExecutions', 'liveCount'],
  ['executionSignal', 'signal'],
  ['completed', 'completed'],
  ['admissionClosed', 'admissionClosed'],
] as const;

/** Tracker methods called through as they are. */
const CALLS = ['whenIdle', 'complete', 'closeAdmission', 'shutdown', 'abort'] as const;

/**
 * Installs the {@link OwnerSurface} members on a prototype (non-enumerable, like class members).
 * `ownerOf` finds the execution owner of an instance.
 * @internal
 */
export function defineOwnerSurface<T>(prototype: object, ownerOf: (self: T) => ExecutionOwner): void {
  const members: PropertyDescriptorMap = {
    executions: {
      get(this: T) {
        const tracker = ownerOf(this).tracker;
        let executions = executionsOf.get(tracker);
        if (executions === undefined) {
          executions = createExecutions(tracker);
          executionsOf.set(tracker, executions);
        }
        return executions;
      },
    },
    addEventListener: { value: addListener },
    on: { value: addListener },
    removeEventListener: {
      value(this: T, type: string, listener: (event: never) => void) {
        ownerOf(this).emitter.remove(type, listener);
      },
    },
    once: {
      value(this: T, type: string, options?: { readonly signal?: AbortSignal }) {
        return ownerOf(this).emitter.once(type, options?.signal);
      },
    },
  };
  function addListener(this: T, type: string, listener: (event: never) => void, options?: ListenerOptions) {
    return ownerOf(this).emitter.add(type, listener, options);
  }
  for (const [name, field] of READS) {
    members[name] = {
      get(this: T) {
        return ownerOf(this).tracker[field];
      },
    };
  }
  for (const name of CALLS) {
    members[name] = {
      value(this: T, first?: unknown, second?: unknown) {
        const tracker = ownerOf(this).tracker;
        return (tracker[name] as (this: ExecutionTracker, a: unknown, b: unknown) => unknown).call(
          tracker,
          first,
          second,
        );
      },
    };
  }
  Object.defineProperties(prototype, members);
}
