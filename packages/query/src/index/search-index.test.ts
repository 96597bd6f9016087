import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { makeTools } from '../__fixtures__/tools';
import { queryTools } from '../query/query-tools';
import { resolveSource } from './index-cache';
import { reindexSearchIndex } from './reindex';

describe('the search index of a toolbox', () => {
  test('grows with registrations instead of being rebuilt', () => {
    const toolbox = createToolbox(makeTools());
    const index = resolveSource(toolbox).index();
    expect(index.size).toBe(5);
    toolbox.register(
      createTool({ name: 'rain-radar', description: 'Rain radar images', execute: () => null }),
    );
    expect(queryTools(toolbox, { text: 'radar', select: 'name' })).toEqual(['rain-radar']);
    expect(resolveSource(toolbox).index()).toBe(index);
    expect(index.size).toBe(6);
  });

  test('an array keeps its index while it holds the same tools', () => {
    const tools = makeTools();
    const index = resolveSource(tools).index();
    expect(resolveSource(tools).index()).toBe(index);
    tools.push(createTool({ name: 'rain-radar', description: 'Rain radar images', execute: () => null }));
    expect(resolveSource(tools).index()).toBe(index);
    expect(index.size).toBe(6);
    tools.reverse();
    expect(resolveSource(tools).index()).not.toBe(index);
  });

  test('reindexSearchIndex rebuilds from scratch', () => {
    const toolbox = createToolbox(makeTools());
    const index = resolveSource(toolbox).index();
    const result = reindexSearchIndex(toolbox);
    expect(result.tools).toBe(5);
    expect(result.terms).toBeGreaterThan(20);
    expect(resolveSource(toolbox).index()).not.toBe(index);
    expect(queryTools(toolbox, { text: 'weather', select: 'name' })).toEqual(['fetch-weather']);
    expect(() => reindexSearchIndex(toolbox, 'all' as never)).toThrow(/options must be an object/);
  });

  test('a tool without parameters, tags or metadata is indexed by name and description', () => {
    const bare = createTool({ name: 'ping', description: '', execute: () => 'pong' });
    expect(queryTools([bare], { text: 'ping', select: 'name' })).toEqual(['ping']);
  });
});
