import { createTool, createToolError, ToolFailureError } from '@armorer/core';
import { z } from 'zod';
import { messageOf, wrapMessage } from '../errors/wrap-message';
import { normalizeGlobPattern } from '../glob/validate-pattern';
import { searchFiles } from '../grep/search-files';
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

const grepInput = (includeIgnored: boolean) =>
  z.object({
    pattern: z
      .string()
      .min(1)
      .max(1000)
      .describe('JavaScript regular expression matched against each line, e.g. "function\\\\s+\\\\w+".'),
    glob: z
      .string()
      .optional()
      .describe('Only search files whose root-relative path matches, e.g. "src/**/*.ts".'),
    ignoreCase: z.boolean().optional().describe('Match case-insensitively.'),
    maxMatches: z
      .number()
      .int()
      .min(1)
      .max(DEFAULTS.maxListSize)
      .optional()
      .describe(`Most matching lines to return (default ${DEFAULTS.maxMatches}).`),
    includeIgnored: z.boolean().optional().describe(includeIgnoredDescription(includeIgnored)),
  });

function compilePattern(pattern: string, ignoreCase: boolean): RegExp {
  const flags = ignoreCase ? 'gim' : 'gm';
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    // V8 names the expression with our internal flags ("/(/gm: Unterminated group"), JavaScriptCore does
    // not: the pattern is named once, as the model wrote it, on every runtime.
    const problem = messageOf(error)
      .replace(/^\s*Invalid regular expression\s*:\s*/i, '')
      .replace(`/${pattern}/${flags}: `, '');
    const message = wrapMessage(`Invalid regular expression ${JSON.stringify(pattern)}`, problem);
    throw new ToolFailureError(
      createToolError('INVALID_ARGUMENTS', message, {
        retryable: false,
        details: { issues: [{ path: ['pattern'], code: 'invalid_regex', message }] },
      }),
    );
  }
}

/** Creates the `grep` tool over a jail. */
export function createGrepTool(jail: PathJail, options: ResolvedCodingOptions) {
  return createTool({
    name: 'grep',
    description:
      'Search the text files under the repository root for lines matching a JavaScript regular expression ' +
      '(one result per line, ordered by path and line), optionally only files matching a glob. Binary ' +
      'files are skipped, and so are ignored files (.gitignore, .ignore, .git/info/exclude) and .git ' +
      'unless includeIgnored is true; truncated: true when maxMatches or maxFileBytes cut the search short.',
    input: grepInput(options.includeIgnored),
    tags: CODING_TOOL_TAGS,
    metadata: CODING_TOOL_METADATA,
    async execute(
      {
        pattern,
        glob,
        ignoreCase = false,
        maxMatches = DEFAULTS.maxMatches,
        includeIgnored = options.includeIgnored,
      },
      context,
    ) {
      const regexp = compilePattern(pattern, ignoreCase);
      const budget = new CallBudget({
        timeoutMs: options.timeoutMs,
        signal: context.signal,
        hint:
          'The pattern may backtrack catastrophically (nested quantifiers such as (a+)+): simplify it, or ' +
          'narrow the files with glob.',
      });
      try {
        return await searchFiles({
          root: jail.root,
          regexp,
          glob: normalizeGlobPattern(glob ?? '**/*'),
          maxMatches,
          maxFileBytes: options.maxFileBytes,
          respectIgnoreFiles: !includeIgnored,
          budget,
        });
      } catch (error) {
        throw toToolFailure(error);
      }
    },
  });
}
