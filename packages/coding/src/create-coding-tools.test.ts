import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ArmorerError, createToolbox, ToolDefinitionError } from '@armorer/core';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingToolbox, createCodingTools } from './create-coding-tools';
import { FileAccessError } from './errors/file-access-error';
import { PathTraversalError } from './errors/path-traversal-error';
import { CODING_TOOL_METADATA } from './tools/shared';

let tree: TempTree;

beforeAll(() => {
  tree = createTempTree({ 'src/index.ts': 'export const answer = 42;\n', 'README.md': '# demo\n' });
});

afterAll(() => tree.remove());

describe('createCodingTools', () => {
  test('returns read-file, grep and glob, read-only and tagged, plus the jail', () => {
    const { readFile, grep, glob, jail } = createCodingTools({ root: tree.root });
    expect([readFile.name, grep.name, glob.name]).toEqual(['read-file', 'grep', 'glob']);
    for (const tool of [readFile, grep, glob]) {
      expect(tool.metadata).toEqual({ readOnly: true, mutates: false, dangerous: false });
      expect(tool.tags).toContain('readonly');
      expect(tool.toJSON().metadata).toEqual(CODING_TOOL_METADATA);
    }
    expect(jail.root).toBe(tree.root);
  });

  test('createCodingToolbox gives the three tools as an array for createToolbox', async () => {
    const tools = createCodingToolbox({ root: tree.root });
    expect(tools.map((tool) => tool.name)).toEqual(['read-file', 'grep', 'glob']);
    // A strict, read-only toolbox runs them: none mutates and none is dangerous.
    const toolbox = createToolbox(tools, { readOnly: true, allowMutation: false, allowDangerous: false });
    const found = await toolbox.execute({ id: 'call-1', name: 'grep', arguments: '{"pattern":"answer"}' });
    expect(found.outcome).toBe('success');
    expect(found.result).toMatchObject({
      matches: [{ path: 'src/index.ts', line: 1, text: 'export const answer = 42;' }],
    });
    const read = await toolbox.execute({ id: 'call-2', name: 'read-file', arguments: { path: 'README.md' } });
    expect(read.result).toMatchObject({ content: '# demo\n' });
    const listed = await toolbox.execute({ id: 'call-3', name: 'glob', arguments: { pattern: '**/*.md' } });
    expect(listed.result).toMatchObject({ paths: ['README.md'] });
  });

  test('root is mandatory and options are checked at creation', () => {
    expect(() => createCodingTools(undefined as never)).toThrow(ToolDefinitionError);
    expect(() => createCodingTools({} as never)).toThrow(/need a root directory/);
    expect(() => createCodingTools({ root: `${tree.root}/missing` })).toThrow(/does not exist/);
    expect(() => createCodingTools({ root: tree.root, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createCodingTools({ root: tree.root, maxFileBytes: 1.5 })).toThrow(/maxFileBytes/);
    expect(() => createCodingToolbox({ root: '' })).toThrow(ToolDefinitionError);
  });

  test('the errors are armorer errors, recognisable across copies of the package', () => {
    const traversal = new PathTraversalError({ code: 'OUTSIDE_ROOT', message: 'no', path: 'x' });
    const access = new FileAccessError({ code: 'NOT_FOUND', message: 'no', path: 'x' });
    expect(traversal).toBeInstanceOf(ArmorerError);
    expect(ArmorerError.isInstance(traversal)).toBe(true);
    expect(PathTraversalError.isInstance(traversal)).toBe(true);
    expect(PathTraversalError.isInstance(access)).toBe(false);
    expect(FileAccessError.isInstance(access)).toBe(true);
    expect(PathTraversalError.isInstance({ name: 'PathTraversalError', code: 'OUTSIDE_ROOT' })).toBe(false);
    expect(PathTraversalError.isInstance(new Error('x'))).toBe(false);
  });
});
