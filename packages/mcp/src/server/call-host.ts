import type { Toolbox } from '@armorer/core';
import type { ProgressRouter } from './progress-router';
import type { CreateMcpOptions } from './types';

/** What a session needs from its server to run calls. */
export interface CallHost {
  readonly options: CreateMcpOptions;
  readonly progress: ProgressRouter;
  currentToolbox(): Toolbox;
  /** Admits one call; undefined when the server is shutting down. */
  admit(): (() => void) | undefined;
  nextCallId(): string;
}
