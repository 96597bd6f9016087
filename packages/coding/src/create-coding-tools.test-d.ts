import { expectTypeOf, test } from 'bun:test';
import { createToolbox, type ToolResult } from '@armorer/core';
import {
  createCodingToolbox,
  createCodingTools,
  type GlobResult,
  type GrepResult,
  type PathJail,
  type ReadFileResult,
} from './index';

test('the tools are typed by name, input and result', async () => {
  const { readFile, grep, glob, jail } = createCodingTools({ root: '.' });
  expectTypeOf(readFile.name).toEqualTypeOf<'read-file'>();
  expectTypeOf(grep.name).toEqualTypeOf<'grep'>();
  expectTypeOf(glob.name).toEqualTypeOf<'glob'>();
  expectTypeOf(jail).toEqualTypeOf<PathJail>();

  expectTypeOf(readFile).parameter(0).toEqualTypeOf<{
    path: string;
    offset?: number | undefined;
    limit?: number | undefined;
    maxBytes?: number | undefined;
  }>();
  expectTypeOf(await readFile({ path: 'a.ts' })).toEqualTypeOf<ReadFileResult>();
  expectTypeOf(await grep({ pattern: 'x', glob: 'src/**' })).toEqualTypeOf<GrepResult>();
  expectTypeOf(await glob({ pattern: '**/*.ts' })).toEqualTypeOf<GlobResult>();
  expectTypeOf(glob).parameter(0).toEqualTypeOf<{
    pattern: string;
    maxResults?: number | undefined;
    includeIgnored?: boolean | undefined;
  }>();
  expectTypeOf(grep).parameter(0).toHaveProperty('includeIgnored').toEqualTypeOf<boolean | undefined>();
  createCodingTools({ root: '.', includeIgnored: true });
  // @ts-expect-error includeIgnored is a boolean
  createCodingTools({ root: '.', includeIgnored: 'yes' });
  // @ts-expect-error path is required
  await readFile({});
  // @ts-expect-error pattern must be a string
  await grep({ pattern: 1 });
});

test('createCodingToolbox feeds createToolbox', async () => {
  const toolbox = createToolbox(createCodingToolbox({ root: '.' }));
  const result = await toolbox.execute({ id: '1', name: 'grep', arguments: { pattern: 'x' } });
  expectTypeOf(result).toMatchTypeOf<ToolResult>();
});
