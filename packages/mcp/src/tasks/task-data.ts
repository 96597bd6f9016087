import type { PendingApproval } from '@armorer/core';
import type { TaskJson } from '@armorer/idempotency';
import type { ElicitationForm } from '../server/elicitation';

/**
 * What the runner keeps in a task's `data`: the call to run, how the task began, and, while it waits for
 * a person, the signed pause and the input request the client is shown. Every instance reads it, so a
 * task can be polled, answered, taken over or cancelled anywhere.
 */
export interface TaskData {
  readonly v: 1;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** `declared`: a long-running tool, recorded before it ran; `promoted`: a call that outran `afterMs`. */
  readonly origin: 'declared' | 'promoted';
  /** The idempotency key of the current run (the task id; a new one only when an idempotent tool re-runs). */
  readonly key: string;
  /** The tool's definition revision when the task began: a task is never taken over by a changed tool. */
  readonly revision?: string;
  /** How many times an instance took the task over after its holder stopped renewing. */
  readonly attempt: number;
  /** `run`: executing the call; `resume`: resuming its pause with `answer`. */
  readonly phase: 'run' | 'resume';
  /** How many times the task paused for a person so far (each pause gets a key of its own). */
  readonly pauses: number;
  readonly pending?: PendingApproval;
  readonly inputKey?: string;
  readonly input?: { readonly message: string; readonly requestedSchema: ElicitationForm };
  /** The person's answer being acted on (phase `resume`). */
  readonly answer?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The runner's data of a stored task, or undefined when it is not data this runner wrote. */
export function readTaskData(data: TaskJson): TaskData | undefined {
  if (
    data['v'] !== 1 ||
    typeof data['tool'] !== 'string' ||
    !isObject(data['arguments']) ||
    (data['origin'] !== 'declared' && data['origin'] !== 'promoted') ||
    typeof data['key'] !== 'string' ||
    !Number.isSafeInteger(data['attempt']) ||
    (data['phase'] !== 'run' && data['phase'] !== 'resume') ||
    !Number.isSafeInteger(data['pauses'])
  ) {
    return undefined;
  }
  return data as unknown as TaskData;
}

/** The data as a task store keeps it (a JSON object; `undefined` fields dropped). */
export function taskJson(data: TaskData): TaskJson {
  return JSON.parse(JSON.stringify(data)) as TaskJson;
}
