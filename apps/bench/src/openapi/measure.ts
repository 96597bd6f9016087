import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTool, createToolbox } from '@armorer/core';
import { fromOpenAPI, toOpenAPI } from '@armorer/openapi';
import { z } from 'zod';
import { syntheticToolConfig } from '../synthetic-tools';

/** The OpenAI API description, parsed with Bun's YAML parser; `parseMs` is what parsing took. */
export function loadOpenAIDescription(): { document: Record<string, unknown>; parseMs: number } {
  const text = readFileSync(join(import.meta.dir, '../../../../fixtures/openapi/openai.yaml'), 'utf8');
  const started = performance.now();
  const document = Bun.YAML.parse(text) as Record<string, unknown>;
  return { document, parseMs: performance.now() - started };
}

/** One import of the parsed document: wall time, tools made, and the time to build every tool's validator. */
export function timeImport(document: Record<string, unknown>): {
  ms: number;
  tools: number;
  validatorsMs: number;
} {
  Bun.gc(true);
  const started = performance.now();
  const { toolbox } = fromOpenAPI(document, { baseUrl: 'https://api.openai.com/v1' });
  const ms = performance.now() - started;
  const validatorsStarted = performance.now();
  for (const tool of toolbox.tools()) tool.configuration.schema.safeParse({});
  return { ms, tools: toolbox.size, validatorsMs: performance.now() - validatorsStarted };
}

/** `count` fresh tools (new Zod schemas each time: armorer caches JSON Schemas per schema object). */
export function freshTools(count: number, offset = 0) {
  return Array.from({ length: count }, (_, index) => createTool(syntheticToolConfig(offset + index)));
}

/** Baseline: `z.toJSONSchema` over the input schemas of fresh tools. */
export function timeToJSONSchema(count: number, offset: number): number {
  const schemas = freshTools(count, offset).map((tool) => tool.configuration.schema);
  Bun.gc(true);
  const started = performance.now();
  for (const schema of schemas) z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return performance.now() - started;
}

/** `toOpenAPI` over a toolbox of fresh tools with the same schemas. */
export function timeToOpenAPI(count: number, offset: number): { ms: number; paths: number } {
  const toolbox = createToolbox(freshTools(count, offset));
  Bun.gc(true);
  const started = performance.now();
  const document = toOpenAPI(toolbox, { info: { title: 'bench', version: '1' } });
  return { ms: performance.now() - started, paths: Object.keys(document.paths).length };
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
