import type { Toolbox } from '@armorer/core';
import type { Observers } from '../observe/observers';
import type { TaskRunner } from '../tasks/task-runner';
import type { IdempotentCalls } from './idempotent-calls';
import type { ProgressRouter } from './progress-router';
import type { CreateMcpOptions } from './types';

/** What a session needs from its server to list and run calls. */
export interface CallHost {
  readonly options: CreateMcpOptions;
  readonly progress: ProgressRouter;
  readonly observers: Observers;
  /** Long-running calls as MCP tasks, when they are on. */
  readonly tasks: TaskRunner | undefined;
  /** Calls through the idempotency layer, when the server has a `cache` (or tasks). */
  readonly idempotent: IdempotentCalls | undefined;
  currentToolbox(): Toolbox;
  /** Admits one call; undefined when the server is shutting down. */
  admit(): (() => void) | undefined;
  nextCallId(): string;
}
