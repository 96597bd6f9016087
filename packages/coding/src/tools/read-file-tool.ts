import { createTool } from '@armorer/core';
import { z } from 'zod';
import type { PathJail } from '../jail/create-path-jail';
import { readWindow } from '../read/read-window';
import { CallBudget } from './call-budget';
import {
  CODING_TOOL_METADATA,
  CODING_TOOL_TAGS,
  DEFAULTS,
  type ResolvedCodingOptions,
  toToolFailure,
} from './shared';

function readFileInput(maxFileBytes: number) {
  return z.object({
    path: z
      .string()
      .min(1)
      .describe('Path of the file, relative to the repository root, e.g. "src/index.ts".'),
    offset: z.number().int().min(1).optional().describe('1-based line to start at (default 1).'),
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Most lines to return (default: as many as maxBytes allows).'),
    maxBytes: z
      .number()
      .int()
      .min(1)
      .max(maxFileBytes)
      .optional()
      .describe(`Most bytes to read for the window (default ${DEFAULTS.readMaxBytes}).`),
  });
}

/** Creates the `read-file` tool over a jail. */
export function createReadFileTool(jail: PathJail, options: ResolvedCodingOptions) {
  return createTool({
    name: 'read-file',
    description:
      'Read a text file under the repository root, optionally a window of lines (offset/limit). Reports ' +
      'truncated: true with nextOffset when maxBytes cut the window, and binary: true for binary files.',
    input: readFileInput(options.maxFileBytes),
    tags: CODING_TOOL_TAGS,
    metadata: CODING_TOOL_METADATA,
    async execute(
      { path, offset = 1, limit, maxBytes = Math.min(DEFAULTS.readMaxBytes, options.maxFileBytes) },
      context,
    ) {
      const budget = new CallBudget({
        timeoutMs: options.timeoutMs,
        signal: context.signal,
        hint: 'Read a smaller window (offset/limit) of the file.',
      });
      try {
        const file = await jail.open(path);
        try {
          return await readWindow(file.handle, file.path, file.stats.size, {
            offset,
            limit,
            maxBytes,
            checkpoint: () => budget.check(),
          });
        } finally {
          await file.handle.close();
        }
      } catch (error) {
        throw toToolFailure(error);
      }
    },
  });
}
