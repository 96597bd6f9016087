import { createTool } from '@armorer/core';
import { z } from 'zod';
import { enumerateFiles } from '../glob/enumerate-files';
import { type FileNote, firstNotes, unlistableNote } from '../glob/file-note';
import { normalizeGlobPattern } from '../glob/validate-pattern';
import type { PathJail } from '../jail/create-path-jail';
import { CallBudget } from './call-budget';
import {
  CODING_TOOL_METADATA,
  CODING_TOOL_TAGS,
  DEFAULTS,
  includeIgnoredDescription,
  type ResolvedCodingOptions,
  toToolFailure,
} from './shared';

/** What `glob` returns. */
export interface GlobResult {
  /** Root-relative paths of the matching regular files, sorted; at most `maxResults`. */
  readonly paths: readonly string[];
  /** How many files matched in all. */
  readonly total: number;
  /** True when more files matched than `maxResults`. */
  readonly truncated: boolean;
  readonly truncatedReason?: 'maxResults';
  /** Directories that could not be listed, ignore files that apply only in part (at most 50). */
  readonly notes: readonly FileNote[];
}

const globInput = (includeIgnored: boolean) =>
  z.object({
    pattern: z
      .string()
      .min(1)
      .describe('Glob relative to the repository root, e.g. "src/**/*.ts" or "**/package.json".'),
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(DEFAULTS.maxListSize)
      .optional()
      .describe(`Most paths to return (default ${DEFAULTS.maxResults}).`),
    includeIgnored: z.boolean().optional().describe(includeIgnoredDescription(includeIgnored)),
  });

/** Creates the `glob` tool over a jail. */
export function createGlobTool(jail: PathJail, options: ResolvedCodingOptions) {
  return createTool({
    name: 'glob',
    description:
      'List the regular files under the repository root whose root-relative path matches a glob pattern ' +
      '(*, **, ?, [abc], {a,b}; dotfiles included, symlinks not followed), sorted by path. Like git, skips ' +
      'ignored files (.gitignore, .ignore, .git/info/exclude) and .git unless includeIgnored is true.',
    input: globInput(options.includeIgnored),
    tags: CODING_TOOL_TAGS,
    metadata: CODING_TOOL_METADATA,
    async execute(
      { pattern, maxResults = DEFAULTS.maxResults, includeIgnored = options.includeIgnored },
      context,
    ): Promise<GlobResult> {
      const budget = new CallBudget({
        timeoutMs: options.timeoutMs,
        signal: context.signal,
        hint: 'Use a narrower pattern, such as "src/**/*.ts".',
      });
      try {
        const normalized = normalizeGlobPattern(pattern);
        const all: string[] = [];
        const notes: FileNote[] = [];
        const onError = (directory: string, error: unknown) => notes.push(unlistableNote(directory, error));
        const onNote = (note: FileNote) => notes.push(note);
        const check = () => budget.check();
        const files = enumerateFiles({
          root: jail.root,
          pattern: normalized,
          onError,
          onNote,
          check,
          respectIgnoreFiles: !includeIgnored,
        });
        for await (const path of files) {
          all.push(path);
          if ((all.length & 1023) === 0) budget.check();
        }
        all.sort();
        // Every name comes from a directory listed through a verified descriptor: all are inside the root.
        const paths = all.slice(0, maxResults);
        budget.check();
        const truncated = all.length > maxResults;
        return {
          paths,
          total: all.length,
          truncated,
          ...(truncated ? { truncatedReason: 'maxResults' as const } : {}),
          notes: firstNotes(notes),
        };
      } catch (error) {
        throw toToolFailure(error);
      }
    },
  });
}
