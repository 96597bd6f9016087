import { type AnyTool, getToolboxRevision, isTool, isToolbox } from '@armorer/core';
import { QueryError } from '../errors/query-error';
import type { ToolSource } from '../query/types';
import { SearchIndex } from './search-index';

/**
 * A resolved source: the toolbox when it is one (for events, the embedder and the cached index), and its
 * tools, read on first use (a toolbox whose index is current is never asked for its tool list).
 */
export class ResolvedSource {
  readonly toolbox: object | undefined;
  readonly key: object;
  #tools: readonly AnyTool[] | undefined;
  readonly #read: () => readonly AnyTool[];

  constructor(key: object, toolbox: object | undefined, read: () => readonly AnyTool[]) {
    this.key = key;
    this.toolbox = toolbox;
    this.#read = read;
  }

  get tools(): readonly AnyTool[] {
    this.#tools ??= this.#read();
    return this.#tools;
  }

  /** The search index of this source (see {@link searchIndexFor}). */
  index(): SearchIndex {
    return searchIndexFor(this.key, () => this.tools);
  }
}

interface IndexState {
  index: SearchIndex;
  revision: number;
}

const states = new WeakMap<object, IndexState>();

/** Reads the tools of a toolbox, an array or an iterable, checking that every item is a tool. */
export function resolveSource(source: ToolSource): ResolvedSource {
  if (isToolbox(source)) return new ResolvedSource(source, source, () => source.tools());
  let tools: readonly unknown[];
  if (Array.isArray(source)) tools = source;
  else if (
    typeof source === 'object' &&
    source !== null &&
    typeof (source as { tools?: unknown }).tools === 'function'
  ) {
    tools = (source as { tools(): readonly unknown[] }).tools();
  } else if (typeof source === 'object' && source !== null && Symbol.iterator in source) {
    tools = [...(source as Iterable<unknown>)];
  } else {
    throw new QueryError({
      code: 'INVALID_TOOL_SOURCE',
      message: 'Expected a toolbox, an array of tools or an iterable of tools.',
    });
  }
  for (let index = 0; index < tools.length; index++) {
    if (!isTool(tools[index])) {
      throw new QueryError({
        code: 'INVALID_TOOL_SOURCE',
        message: `Item ${index} is not a tool made by createTool().`,
      });
    }
  }
  const checked = tools as readonly AnyTool[];
  return new ResolvedSource(source as object, undefined, () => checked);
}

/**
 * The search index of a source, cached: a toolbox's index follows its registrations incrementally (tools are
 * only ever appended); an array's index is reused while the array holds the same tools.
 */
export function searchIndexFor(source: object, readTools: () => readonly AnyTool[]): SearchIndex {
  const revision = isToolbox(source) ? getToolboxRevision(source) : -1;
  const state = states.get(source);
  if (state !== undefined && revision >= 0 && state.revision === revision) return state.index;
  const tools = readTools();
  if (state !== undefined && isCurrent(state, revision, tools)) return state.index;
  if (state !== undefined && extends_(state.index, tools)) {
    // A batch at least as large as the index is announced like a build. A few registrations are not: each
    // announcement would cap the next growth of every posting list at the new count, so registering tools
    // one at a time would copy each full posting list (10,000 documents) to add one document.
    if (tools.length >= state.index.size * 2) state.index.expect(tools.length);
    for (let position = state.index.size; position < tools.length; position++)
      state.index.add(tools[position] as AnyTool);
    state.revision = revision;
    return state.index;
  }
  return rebuild(source, tools, revision);
}

/** Drops the cached index of a source and builds it again from its current tools. */
export function rebuildSearchIndex(source: object, tools: readonly AnyTool[]): SearchIndex {
  return rebuild(source, tools, isToolbox(source) ? getToolboxRevision(source) : -1);
}

function rebuild(source: object, tools: readonly AnyTool[], revision: number): SearchIndex {
  const index = new SearchIndex();
  index.expect(tools.length);
  for (const tool of tools) index.add(tool);
  states.set(source, { index, revision });
  return index;
}

function isCurrent(state: IndexState, revision: number, tools: readonly AnyTool[]): boolean {
  if (revision >= 0) return state.revision === revision;
  const indexed = state.index.tools;
  if (indexed.length !== tools.length) return false;
  for (let position = 0; position < tools.length; position++)
    if (indexed[position] !== tools[position]) return false;
  return true;
}

/** The tools start with exactly the indexed tools (an append-only change). */
function extends_(index: SearchIndex, tools: readonly AnyTool[]): boolean {
  const indexed = index.tools;
  if (tools.length < indexed.length) return false;
  for (let position = 0; position < indexed.length; position++)
    if (indexed[position] !== tools[position]) return false;
  return true;
}
