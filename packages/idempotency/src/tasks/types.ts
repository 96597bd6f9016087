// The task state contract lives in @armorer/approval (the bottom floor); re-exported for existing imports.
export type {
  TaskChange,
  TaskJson,
  TaskKey,
  TaskLeaseRenewal,
  TaskListOptions,
  TaskPage,
  TaskProgress,
  TaskRecord,
  TaskScope,
  TaskStateStore,
  TaskStatus,
  TaskTransition,
} from '@armorer/approval';
export { MAX_TASK_PAGE, MAX_TASK_RECORD_BYTES } from '@armorer/approval';
