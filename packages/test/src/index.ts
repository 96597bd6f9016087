/**
 * @armorer/test: testing utilities for armorer. Mock tools that record their calls, a test registry
 * with a history of calls and results, recorders for toolbox and tool events, and conformance suites for
 * the approval, grant, result and task store contracts and for store factories (options and error classes).
 *
 * @example
 * ```ts
 * import { createMockTool, createTestRegistry, recordEvents } from '@armorer/test';
 *
 * const mock = createMockTool({ name: 'weather' });
 * mock.mockResolve({ temp: 72 });
 * const toolbox = createTestRegistry();
 * toolbox.register(mock);
 * const events = recordEvents(toolbox, ['execute-start', 'settled']);
 * await toolbox.execute({ name: 'weather', arguments: {} });
 * toolbox.history[0]?.call.name; // 'weather'
 * events.types(); // ['execute-start', 'settled']
 * ```
 *
 * @module
 */
export type {
  ApprovalRestoreConformanceOptions,
  ApprovalStateLoss,
} from './conformance/approval-restore';
export { approvalRestoreConformance } from './conformance/approval-restore';
export type {
  ApprovalStateStoreConformanceOptions,
  ApprovalStoreSetup,
} from './conformance/approval-state-store';

export { approvalStateStoreConformance } from './conformance/approval-state-store';
export { grantStateStoreConformance } from './conformance/grant-state-store';
export type { Awaitable, ConformanceOptions, ConformanceTestApi } from './conformance/harness';
export { ConformanceError } from './conformance/harness';
export { storeFactoryConformance } from './conformance/store-factory';
export type {
  ConformingStores,
  DisposableStores,
  StoreFactoryAdapter,
} from './conformance/store-factory-types';
export type { TaskStateStoreConformanceOptions } from './conformance/task-state-store';
export { taskStateStoreConformance } from './conformance/task-state-store';
export type {
  RegisterTest,
  ToolResultCacheConformanceOptions,
} from './conformance/tool-result-cache';
export { defineToolResultCacheConformance } from './conformance/tool-result-cache';
export { TOOL_EVENT_TYPES, TOOLBOX_EVENT_TYPES } from './events/event-types';
export type { EventRecorder, ToolboxEventSource, ToolEventSource } from './events/record-events';
export { recordEvents } from './events/record-events';
export type { WaitForEventOptions } from './events/wait-for-event';
export { waitForEvent } from './events/wait-for-event';
export type {
  MockImplementation,
  MockTool,
  MockToolCall,
  MockToolOptions,
} from './mock-tool/create-mock-tool';
export { createMockTool } from './mock-tool/create-mock-tool';
export type { TestHistoryEntry, TestRegistry } from './test-registry/create-test-registry';
export { createTestRegistry } from './test-registry/create-test-registry';
