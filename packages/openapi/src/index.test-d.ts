import { expectTypeOf, test } from 'bun:test';
import { createTool, createToolbox, type Toolbox } from '@armorer/core';
import { z } from 'zod';
import {
  createOpenAPIHandler,
  type FetchFunction,
  fromOpenAPI,
  type OpenAPIDocument,
  type OpenAPIHandler,
  type OpenAPIWarning,
  toOpenAPI,
} from './index';

test('typed toolboxes export and serve; the import returns a toolbox and warnings', () => {
  const add = createTool({
    name: 'add',
    description: 'Add',
    input: { a: z.number(), b: z.number() },
    execute: ({ a, b }) => a + b,
  });
  const toolbox = createToolbox([add], { context: { tenant: 't1' } });
  expectTypeOf(toOpenAPI(toolbox, { info: { title: 'T', version: '1' } })).toEqualTypeOf<OpenAPIDocument>();
  expectTypeOf(createOpenAPIHandler(toolbox)).toEqualTypeOf<OpenAPIHandler>();
  expectTypeOf<OpenAPIHandler>().parameter(0).toEqualTypeOf<Request>();
  expectTypeOf<OpenAPIHandler>().returns.toEqualTypeOf<Promise<Response>>();

  const imported = fromOpenAPI({}, { baseUrl: 'https://api.example.com', fetch: globalThis.fetch });
  expectTypeOf(imported.toolbox).toEqualTypeOf<Toolbox>();
  expectTypeOf(imported.warnings).toEqualTypeOf<readonly OpenAPIWarning[]>();
  expectTypeOf(globalThis.fetch).toExtend<FetchFunction>();
  // @ts-expect-error baseUrl is required
  fromOpenAPI({}, {});
  // @ts-expect-error info needs a version
  toOpenAPI(toolbox, { info: { title: 'T' } });
});
