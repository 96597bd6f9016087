import { expectTypeOf, test } from 'bun:test';
import type { ToolboxEventMap, ToolEventMap } from '@armorer/core';
import { createMockTool } from '../mock-tool/create-mock-tool';
import { createTestRegistry } from '../test-registry/create-test-registry';
import type { TOOL_EVENT_TYPES, TOOLBOX_EVENT_TYPES } from './event-types';
import type { EventRecorder } from './record-events';
import { recordEvents } from './record-events';

test('the event type lists name every event of the maps, and nothing else', () => {
  expectTypeOf<Exclude<keyof ToolboxEventMap, (typeof TOOLBOX_EVENT_TYPES)[number]>>().toEqualTypeOf<never>();
  expectTypeOf<Exclude<(typeof TOOLBOX_EVENT_TYPES)[number], keyof ToolboxEventMap>>().toEqualTypeOf<never>();
  expectTypeOf<Exclude<keyof ToolEventMap, (typeof TOOL_EVENT_TYPES)[number]>>().toEqualTypeOf<never>();
  expectTypeOf<Exclude<(typeof TOOL_EVENT_TYPES)[number], keyof ToolEventMap>>().toEqualTypeOf<never>();
});

test('recorders are typed by the target and the listened types', () => {
  const recorder = recordEvents(createTestRegistry(), ['settled', 'complete']);
  expectTypeOf(recorder).toEqualTypeOf<EventRecorder<ToolboxEventMap, 'settled' | 'complete'>>();
  expectTypeOf(recorder.of('settled')).toEqualTypeOf<readonly ToolboxEventMap['settled'][]>();
  // @ts-expect-error not a listened type
  recorder.of('progress');
  const onTool = recordEvents(createMockTool({ name: 'weather' }));
  expectTypeOf(onTool).toEqualTypeOf<EventRecorder<ToolEventMap, keyof ToolEventMap>>();
});
