import { ToolDefinitionError } from '@armorer/core';
import { createPathJail, type PathJail } from './jail/create-path-jail';
import { createGlobTool } from './tools/glob-tool';
import { createGrepTool } from './tools/grep-tool';
import { createReadFileTool } from './tools/read-file-tool';
import { DEFAULTS, type ResolvedCodingOptions } from './tools/shared';

/** Options of {@link createCodingTools} and {@link createCodingToolbox}. */
export interface CodingToolsOptions {
  /** The directory the tools are jailed to (mandatory). Its real path is taken once, at creation. */
  readonly root: string;
  /** Time budget of each call in milliseconds (default 30,000); a call that exceeds it fails with TIMEOUT. */
  readonly timeoutMs?: number;
  /**
   * Most bytes read from any one file (default 8 MiB): `grep` searches at most this much of each file
   * (and says so in a note), and `read-file` accepts no larger `maxBytes`.
   */
  readonly maxFileBytes?: number;
  /**
   * Whether `grep` and `glob` also list what git ignores, when a call does not say (default false). By
   * default they skip, like ripgrep, the entries matched by `.gitignore` and `.ignore` files (in the root
   * and below) and by the root's `.git/info/exclude`, and the `.git` directory; a call passes
   * `includeIgnored: true` to see them. `read-file` reads any file in the root, ignored or not.
   */
  readonly includeIgnored?: boolean;
}

/** The `read-file` tool. */
export type ReadFileTool = ReturnType<typeof createReadFileTool>;
/** The `grep` tool. */
export type GrepTool = ReturnType<typeof createGrepTool>;
/** The `glob` tool. */
export type GlobTool = ReturnType<typeof createGlobTool>;

/** What {@link createCodingTools} returns. */
export interface CodingTools {
  readonly readFile: ReadFileTool;
  readonly grep: GrepTool;
  readonly glob: GlobTool;
  /** The jail all three resolve paths through. */
  readonly jail: PathJail;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: `createCodingTools: ${name} must be a positive integer, got ${String(value)}.`,
    });
  }
  return value;
}

function optionalBoolean(name: string, value: boolean | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: `createCodingTools: ${name} must be true or false, got ${JSON.stringify(value) ?? String(value)}.`,
    });
  }
  return value;
}

/**
 * Creates the read-only coding tools (`read-file`, `grep`, `glob`) jailed to `root`, and the jail itself.
 * `grep` and `glob` skip what git ignores unless `includeIgnored` (see {@link CodingToolsOptions}). All three carry `metadata: { readOnly: true, mutates: false, dangerous: false }` and the `readonly` tag.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createCodingTools } from '@armorer/coding';
 *
 * const { readFile, grep, glob, jail } = createCodingTools({ root: process.cwd() });
 * const toolbox = createToolbox([readFile, grep, glob]);
 * const result = await toolbox.execute({ id: 'call-1', name: 'grep', arguments: { pattern: 'TODO', glob: 'src/**' } });
 * ```
 */
export function createCodingTools(options: CodingToolsOptions): CodingTools {
  if (typeof options !== 'object' || options === null) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: 'createCodingTools needs options with a root: createCodingTools({ root: process.cwd() }).',
    });
  }
  const jail = createPathJail(options.root);
  const resolved: ResolvedCodingOptions = {
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs),
    maxFileBytes: positiveInteger('maxFileBytes', options.maxFileBytes, DEFAULTS.maxFileBytes),
    includeIgnored: optionalBoolean('includeIgnored', options.includeIgnored),
  };
  return {
    readFile: createReadFileTool(jail, resolved),
    grep: createGrepTool(jail, resolved),
    glob: createGlobTool(jail, resolved),
    jail,
  };
}

/**
 * The three coding tools as an array, ready for `createToolbox`.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createCodingToolbox } from '@armorer/coding';
 *
 * const toolbox = createToolbox(createCodingToolbox({ root: process.cwd() }));
 * ```
 */
export function createCodingToolbox(
  options: CodingToolsOptions,
): readonly [ReadFileTool, GrepTool, GlobTool] {
  const { readFile, grep, glob } = createCodingTools(options);
  return [readFile, grep, glob];
}
