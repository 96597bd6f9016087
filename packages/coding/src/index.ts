/**
 * @armorer/coding: a read-only coding toolbox for agents (`read-file`, `grep`, `glob`), every path
 * resolved through a jail anchored to one root directory. Server-only: it needs a filesystem.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createCodingTools } from '@armorer/coding';
 *
 * const { readFile, grep, glob } = createCodingTools({ root: process.cwd() });
 * const toolbox = createToolbox([readFile, grep, glob]);
 * const found = await toolbox.execute({ id: 'call-1', name: 'grep', arguments: { pattern: 'createTool', glob: 'src/**' } });
 * ```
 *
 * @module
 */
export type {
  CodingTools,
  CodingToolsOptions,
  GlobTool,
  GrepTool,
  ReadFileTool,
} from './create-coding-tools';
export { createCodingToolbox, createCodingTools } from './create-coding-tools';
export type { FileAccessErrorCode } from './errors/file-access-error';
export { FileAccessError } from './errors/file-access-error';
export type { PathTraversalErrorCode } from './errors/path-traversal-error';
export { PathTraversalError } from './errors/path-traversal-error';
export type { FileNote, FileNoteReason } from './glob/file-note';
export type { GrepMatch, GrepResult } from './grep/search-files';
export type { JailedFile, PathJail } from './jail/create-path-jail';
export { createPathJail } from './jail/create-path-jail';
export type { ReadFileResult } from './read/read-window';
export type { GlobResult } from './tools/glob-tool';
export { CODING_TOOL_METADATA, CODING_TOOL_TAGS } from './tools/shared';
