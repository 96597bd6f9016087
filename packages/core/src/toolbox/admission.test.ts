import { describe, expect, test } from 'bun:test';
import { makeAddTool } from '../__fixtures__/tools';
import { createTool } from '../tool/public';
import { LoopDetector } from './loop-detection';
import { NameResolver } from './name-resolution';
import { createToolbox } from './public';

const named = (name: string) =>
  createTool({
    name,
    description: name,
    async execute() {
      return name;
    },
  });

describe('fuzzy tool name resolution', () => {
  test('tiers in order: exact, case-insensitive, normalized, suffix', () => {
    const resolver = new NameResolver(['add-numbers', 'fs.read', 'Send_Email', 'github/create-issue']);
    expect(resolver.resolve('ADD-NUMBERS')).toEqual({ name: 'add-numbers', tier: 'case-insensitive' });
    expect(resolver.resolve('add_numbers')).toEqual({ name: 'add-numbers', tier: 'normalized' });
    expect(resolver.resolve('fs/read')).toEqual({ name: 'fs.read', tier: 'normalized' });
    expect(resolver.resolve('send.email')).toEqual({ name: 'Send_Email', tier: 'normalized' });
    expect(resolver.resolve('functions.add-numbers')).toEqual({ name: 'add-numbers', tier: 'suffix' });
    expect(resolver.resolve('default_api:create_issue')).toEqual({
      name: 'github/create-issue',
      tier: 'suffix',
    });
    expect(resolver.resolve('read')).toEqual({ name: 'fs.read', tier: 'suffix' });
    expect(resolver.resolve('nothing-like-it')).toBeUndefined();
  });

  test('ambiguous matches resolve to nothing', () => {
    const resolver = new NameResolver(['fs.read', 'db.read', 'Tool', 'tool']);
    expect(resolver.resolve('read')).toBeUndefined();
    expect(resolver.resolve('TOOL')).toBeUndefined();
  });

  test('a toolbox with resolution runs the resolved tool and fires name-resolved without identity', async () => {
    const toolbox = createToolbox([makeAddTool(), named('fs.read'), named('db.read')], { resolution: true });
    const events: Record<string, unknown>[] = [];
    toolbox.addEventListener('name-resolved', (event) =>
      events.push(event as unknown as Record<string, unknown>),
    );
    const result = await toolbox.execute({ name: 'Add_Numbers', arguments: { a: 2, b: 2 } });
    expect(result.result).toBe(4);
    expect(result.toolName).toBe('add-numbers');
    expect(events[0]?.['detail']).toEqual({
      originalName: 'Add_Numbers',
      resolvedName: 'add-numbers',
      tier: 'normalized',
    });
    expect(Object.hasOwn(events[0] as object, 'executionId')).toBe(false);
    const ambiguous = await toolbox.execute({ name: 'read', arguments: {} });
    expect(ambiguous.error?.code).toBe('TOOL_NOT_FOUND');
    const strict = createToolbox([makeAddTool()]);
    expect((await strict.execute({ name: 'Add_Numbers', arguments: { a: 2, b: 2 } })).error?.code).toBe(
      'TOOL_NOT_FOUND',
    );
  });

  test('the resolver sees tools registered later', async () => {
    const toolbox = createToolbox([], { resolution: true });
    expect((await toolbox.execute({ name: 'Late_Tool', arguments: {} })).error?.code).toBe('TOOL_NOT_FOUND');
    toolbox.register(named('late-tool'));
    expect((await toolbox.execute({ name: 'Late_Tool', arguments: {} })).result).toBe('late-tool');
  });
});

describe('loop detection', () => {
  test('simple repeats warn, then block without running the tool', async () => {
    let runs = 0;
    const counter = createTool({
      name: 'count',
      description: 'x',
      async execute() {
        return ++runs;
      },
    });
    const toolbox = createToolbox([counter], { loopDetection: { warningThreshold: 3, blockThreshold: 5 } });
    const events: string[] = [];
    toolbox.addEventListener('loop-warning', (event) => events.push(`warning:${event.detail.count}`));
    toolbox.addEventListener('loop-blocked', (event) => {
      events.push(`blocked:${event.detail.count}`);
      expect(Object.hasOwn(event, 'executionId')).toBe(false);
    });
    const outcomes: string[] = [];
    for (let index = 0; index < 6; index++) {
      const result = await toolbox.execute(
        { name: 'count', arguments: '{"same":true}' },
        { ownerId: 'run-1' },
      );
      outcomes.push(result.error?.code ?? 'ok');
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'LOOP_DETECTED', 'LOOP_DETECTED']);
    expect(runs).toBe(4);
    expect(events).toEqual(['warning:3', 'warning:4', 'blocked:5', 'blocked:6']);
    // Another owner has its own history; different arguments break the run.
    expect(
      (await toolbox.execute({ name: 'count', arguments: { same: true } }, { ownerId: 'run-2' })).outcome,
    ).toBe('success');
    expect(
      (await toolbox.execute({ name: 'count', arguments: { same: false } }, { ownerId: 'run-1' })).outcome,
    ).toBe('success');
  });

  test('ping-pong between two calls is detected; key order does not matter', () => {
    const detector = new LoopDetector({ warningThreshold: 4, blockThreshold: 6 });
    const levels: string[] = [];
    for (let index = 0; index < 6; index++) {
      const signature = index % 2 === 0 ? 'a\u0000{"x":1,"y":2}' : 'b\u0000{}';
      levels.push(detector.check('owner', index % 2 === 0 ? 'a' : 'b', signature).level);
    }
    expect(levels).toEqual(['ok', 'ok', 'ok', 'warning', 'warning', 'blocked']);
    expect(() => new LoopDetector({ warningThreshold: 5, blockThreshold: 3 })).toThrow(RangeError);
    expect(() => new LoopDetector({ warningThreshold: 0 })).toThrow(RangeError);
  });

  test('calls made while the checks are still loading are checked in order; bad thresholds throw at creation', async () => {
    const toolbox = createToolbox([makeAddTool()], {
      loopDetection: { warningThreshold: 2, blockThreshold: 3 },
    });
    const warnings: number[] = [];
    toolbox.addEventListener('loop-warning', (event) => warnings.push(event.detail.count));
    // Started synchronously, right after creation: none of them waits for another to settle.
    const pending = Array.from({ length: 4 }, () =>
      toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 1 } }),
    );
    const codes = (await Promise.all(pending)).map((result) => result.error?.code ?? 'ok');
    expect(codes).toEqual(['ok', 'ok', 'LOOP_DETECTED', 'LOOP_DETECTED']);
    expect(warnings).toEqual([2]);
    expect(() => createToolbox([], { loopDetection: { warningThreshold: 1 } })).toThrow(RangeError);
    expect(() => createToolbox([], { loopDetection: { warningThreshold: 6, blockThreshold: 4 } })).toThrow(
      RangeError,
    );
  });

  test('loopDetection: true uses the defaults', async () => {
    const toolbox = createToolbox([makeAddTool()], { loopDetection: true });
    const codes: string[] = [];
    for (let index = 0; index < 11; index++) {
      const result = await toolbox.execute({ name: 'add-numbers', arguments: { b: 1, a: 1 } });
      codes.push(result.error?.code ?? 'ok');
    }
    expect(codes.filter((code) => code === 'LOOP_DETECTED')).toHaveLength(2);
  });
});

describe('call budget', () => {
  test('calls past the budget are refused per owner with budget-exceeded', async () => {
    const toolbox = createToolbox([makeAddTool()], { budget: { maxCalls: 2 } });
    const exceeded: string[] = [];
    toolbox.addEventListener('budget-exceeded', (event) => exceeded.push(event.detail.message));
    const run = (ownerId: string) =>
      toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 1 } }, { ownerId });
    const results = [await run('a'), await run('a'), await run('a'), await run('b')];
    expect(results.map((result) => result.error?.code ?? 'ok')).toEqual([
      'ok',
      'ok',
      'BUDGET_EXCEEDED',
      'ok',
    ]);
    expect(exceeded).toHaveLength(1);
    expect(() => createToolbox([], { budget: { maxCalls: -1 } })).toThrow(RangeError);
  });
});
