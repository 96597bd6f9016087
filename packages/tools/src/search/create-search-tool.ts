import {
  type AnyTool,
  createTool,
  createToolError,
  isToolbox,
  type Tool,
  type Toolbox,
  ToolFailureError,
} from '@armorer/core';
import { EmbeddingError, QueryError, searchTools, type ToolCriteria } from '@armorer/query';
import { z } from 'zod';
import type { CreateSearchToolOptions, SearchToolResult } from './types';

const DEFAULT_DESCRIPTION =
  'Search the tools available to you by what you want to do, in a few words (for example "send an email" ' +
  'or "list open issues"). Returns the best matching tools with their names, descriptions, tags and a ' +
  'relevance score; call the one that fits.';

function searchInput(limit: number, maxLimit: number) {
  return z.object({
    query: z.string().max(2000).describe('What you want to do, in a few words. An empty query lists tools.'),
    tags: z
      .array(z.string().max(200))
      .max(50)
      .optional()
      .describe('Only return tools that have at least one of these tags.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxLimit)
      .optional()
      .describe(`How many tools to return at most (default ${limit}).`),
  });
}

/** The input schema of the search tool. */
export type SearchToolInput = ReturnType<typeof searchInput>;

/**
 * Creates the `search-tools` tool, which lets an agent discover the tools of a toolbox, and registers it
 * in that toolbox (unless `register: false`). It searches the toolbox at call time, so it finds tools
 * registered before and after it; it is an ordinary tool, so provider exports (`toolbox.toOpenAITools()`, ...)
 * include it. Results are `{ name, description, tags, score, matched }`, best first, without the search tool itself
 * and without tools whose `availability` hook fails. The ranking is `searchTools` from `@armorer/query`:
 * hybrid with embeddings when the toolbox has an `embedder` (falling back to the lexical ranking if the
 * embedder fails, unless `onEmbeddingError: 'error'`).
 *
 * @example
 * ```ts
 * const toolbox = createToolbox([sendEmail, fetchWeather]);
 * createSearchTool(toolbox);
 * const result = await toolbox.execute({ name: 'search-tools', arguments: { query: 'contact someone' } });
 * result.result; // [{ name: 'send-email', description: 'Send an email to recipients', tags: [...], score: 1.52 }]
 * ```
 */
export function createSearchTool<const TName extends string = 'search-tools'>(
  toolbox: Toolbox,
  options: CreateSearchToolOptions<TName> = {},
): Tool<TName, SearchToolInput, SearchToolResult[]> {
  if (!isToolbox(toolbox)) {
    throw new QueryError({
      code: 'INVALID_TOOL_SOURCE',
      message: 'createSearchTool(toolbox) expects a toolbox created by createToolbox().',
    });
  }
  const name = (options.name ?? 'search-tools') as TName;
  const limit = options.limit ?? 10;
  const maxLimit = Math.max(limit, options.maxLimit ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(maxLimit)) {
    throw new QueryError({
      code: 'INVALID_QUERY',
      message: 'createSearchTool: limit and maxLimit must be positive integers.',
    });
  }
  const tool = createTool({
    name,
    description: options.description ?? DEFAULT_DESCRIPTION,
    input: searchInput(limit, maxLimit),
    tags: [...new Set(['search', 'meta', ...(options.tags ?? [])])],
    metadata: { readOnly: true, mutates: false },
    async execute({ query, tags, limit: wanted }, context) {
      const available = await availableNames(toolbox);
      const filters: ToolCriteria[] = [];
      if (options.filter !== undefined) filters.push(options.filter);
      if (tags !== undefined && tags.length > 0) filters.push({ tags: { any: tags } });
      if (available !== undefined) filters.push({ predicate: (candidate) => available.has(candidate.name) });
      try {
        const matches = await searchTools(toolbox, {
          query,
          filter: { and: filters },
          exclude: [name],
          limit: wanted ?? limit,
          onEmbeddingError: options.onEmbeddingError === 'error' ? 'throw' : 'lexical',
          signal: context.signal,
          ...(options.semanticWeight === undefined ? {} : { semanticWeight: options.semanticWeight }),
        });
        return matches.map((match) => ({
          name: match.name,
          description: match.tool.description,
          tags: [...match.tool.configuration.tags],
          score: Math.round(match.score * 1e4) / 1e4,
          matched: match.matched.map(({ word, fields }) => ({ word, fields })),
        }));
      } catch (error) {
        if (EmbeddingError.isInstance(error)) {
          throw new ToolFailureError(
            createToolError('EXECUTION_FAILED', `Tool search failed: ${error.message}`, {
              cause: error,
              retryable: error.code !== 'INVALID_EMBEDDING',
            }),
          );
        }
        throw error;
      }
    },
  });
  if (options.register !== false) toolbox.register(tool);
  return tool as unknown as Tool<TName, SearchToolInput, SearchToolResult[]>;
}

/** Names of the tools whose availability hook passes, or `undefined` when no tool has one. */
async function availableNames(toolbox: Toolbox): Promise<Set<string> | undefined> {
  const tools: readonly AnyTool[] = toolbox.tools();
  if (!tools.some((tool) => tool.configuration.availability !== undefined)) return undefined;
  return new Set((await toolbox.getAvailable()).map((tool) => tool.name));
}
