import type { AnyTool, Tool, Toolbox } from '@armorer/core';
import { QueryError, searchTools, type ToolMatch } from '@armorer/query';
import type { MatchView, ToolsAnswer, ToolView } from '../protocol';
import { previewValue } from '../render/preview-value';

/** The longest search the page sends (the query package refuses longer ones with its own limit). */
export const MAX_SEARCH_LENGTH = 1_000;

function shownText(value: unknown, maxString: number): string {
  return previewValue(String(value ?? ''), { maxString }) as string;
}

function flag(value: unknown): boolean {
  return value === true;
}

/** The list entry of one tool. */
export function toolView(tool: AnyTool, available: boolean, match?: ToolMatch): ToolView {
  const configuration = tool.configuration;
  const metadata = configuration.metadata;
  const risk = configuration.risk;
  const view: { -readonly [K in keyof ToolView]: ToolView[K] } = {
    name: String(tool.name),
    // Descriptions and tags can come from elsewhere (tools imported from an MCP server or an OpenAPI
    // document): shown like any other outside text.
    description: shownText(configuration.description, 4_000),
    tags: [...(configuration.tags ?? [])].map((tag) => shownText(tag, 200)),
    flags: {
      readOnly: flag(metadata?.readOnly),
      mutates: flag(metadata?.mutates),
      dangerous: flag(metadata?.dangerous),
      untrustedOutput: flag(risk?.untrustedOutput),
    },
    metadata: previewValue(metadata ?? null, { maxChars: 4_000 }),
    risk: previewValue(risk ?? null, { maxChars: 4_000 }),
    available,
  };
  if (match !== undefined) view.match = matchView(match);
  return view;
}

function matchView(match: ToolMatch): MatchView {
  const view: { -readonly [K in keyof MatchView]: MatchView[K] } = {
    score: match.score,
    lexicalScore: match.lexicalScore,
    matched: match.matched.map((term) => ({ word: term.word, term: term.term, fields: [...term.fields] })),
  };
  if (match.semanticScore !== undefined) view.semanticScore = match.semanticScore;
  return view;
}

async function availableNames(toolbox: Toolbox): Promise<ReadonlySet<string>> {
  try {
    return new Set((await toolbox.getAvailable()).map((tool) => tool.name));
  } catch {
    // An availability hook that throws hides its tool from the model; show it unavailable here too.
    return new Set();
  }
}

/**
 * Ranks with `searchTools` of `@armorer/query` (the ranking `search-tools` uses). A toolbox from another
 * copy of `@armorer/core` cannot be read through the satellite hooks, so its tools are ranked as a list.
 */
async function rank(toolbox: Toolbox, query: string, limit: number): Promise<ToolMatch[]> {
  const options = { query, limit, onEmbeddingError: 'lexical' } as const;
  try {
    return await searchTools(toolbox, options);
  } catch (error) {
    if (QueryError.isInstance(error)) throw error;
    return await searchTools(toolbox.tools() as AnyTool[], options);
  }
}

/** The tool list, or a search of it with the ranking and its explanations. */
export async function listTools(toolbox: Toolbox, query: string): Promise<ToolsAnswer> {
  const tools = toolbox.tools();
  const available = await availableNames(toolbox);
  const trimmed = query.trim();
  if (trimmed === '') {
    return {
      query,
      ranked: false,
      total: tools.length,
      tools: tools.map((tool) => toolView(tool, available.has(tool.name))),
    };
  }
  try {
    const matches = await rank(toolbox, trimmed.slice(0, MAX_SEARCH_LENGTH), Math.max(1, tools.length));
    return {
      query,
      ranked: true,
      total: tools.length,
      tools: matches.map((match) => toolView(match.tool, available.has(match.name), match)),
    };
  } catch (error) {
    return {
      query,
      ranked: false,
      total: tools.length,
      tools: [],
      error: error instanceof Error ? error.message : 'The search failed.',
    };
  }
}

/** The JSON Schema of a tool's arguments, as `toJSON()` serializes it. */
export function inputSchemaOf(tool: AnyTool): unknown {
  try {
    return (tool as Tool).toJSON().input;
  } catch {
    return { type: 'object' };
  }
}
