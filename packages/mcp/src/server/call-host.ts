import type { Toolbox } from '@armorer/core';
import type { Observers } from '../observe/observers';
import type { ProgressRouter } from './progress-router';
import type { CreateMcpOptions } from './types';

/** What a session needs from its server to list and run calls. */
export interface CallHost {
  readonly options: CreateMcpOptions;
  readonly progress: ProgressRouter;
  readonly observers: Observers;
  currentToolbox(): Toolbox;
  /** Admits one call; undefined when the server is shutting down. */
  admit(): (() => void) | undefined;
  nextCallId(): string;
}
