import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { type } from 'arktype';
import { z } from 'zod';
import { extractMetadataFlags, extractSchemaSummary } from './extract';
import { inspectRegistry, inspectTool } from './inspect';
import {
  MetadataFlagsSchema,
  RegistryInspectionSchema,
  SchemaSummarySchema,
  ToolInspectionSchema,
} from './schemas';

const weather = createTool({
  name: 'fetch-weather',
  description: 'Get the weather for a city',
  input: z.object({
    city: z.string().describe('City name'),
    units: z.enum(['celsius', 'fahrenheit']).default('celsius'),
    days: z.number().int().nullable().optional(),
    tags: z.array(z.string()),
    when: z.union([z.string(), z.number()]),
  }),
  tags: ['weather'],
  metadata: { readOnly: true, concurrency: 2, owner: 'team-data' },
  execute: async () => ({ temperature: 20 }),
});
const fetchPage = createTool({
  name: 'web.fetch',
  description: 'Fetch a web page',
  input: z.object({ url: z.string() }),
  risk: { untrustedOutput: true },
  metadata: { dangerous: true, mutates: true },
  execute: async () => 'page',
});
const bare = createTool({ name: 'ping', description: 'Ping', execute: async () => 'pong' });

describe('extractors', () => {
  test('schema summaries read the shape without JSON Schema conversion', () => {
    expect(extractSchemaSummary(weather.schema)).toEqual({
      keys: ['city', 'units', 'days', 'tags', 'when'],
      required: ['city', 'tags', 'when'],
    });
    const full = extractSchemaSummary(weather.schema, { shape: true });
    expect(full.shape).toEqual({
      city: { type: 'string', optional: false, nullable: false, description: 'City name' },
      units: { type: '"celsius" | "fahrenheit"', optional: true, nullable: false },
      days: { type: 'number', optional: true, nullable: true },
      tags: { type: 'array<string>', optional: false, nullable: false },
      when: { type: 'string | number', optional: false, nullable: false },
    });
    expect(SchemaSummarySchema.parse(full)).toEqual(full);
    expect(extractSchemaSummary({ city: z.string() })).toEqual({ keys: ['city'], required: ['city'] });
    expect(extractSchemaSummary(z.string())).toEqual({ keys: [], required: [] });
    expect(extractSchemaSummary(null, { shape: true })).toEqual({ keys: [], required: [], shape: {} });
  });

  test('metadata flags', () => {
    expect(extractMetadataFlags(weather.metadata, weather.risk)).toEqual({
      mutates: false,
      readOnly: true,
      dangerous: false,
      untrustedOutput: false,
      concurrency: 2,
      hasCustomMetadata: true,
      customKeys: ['owner'],
    });
    const flags = extractMetadataFlags(fetchPage.metadata, fetchPage.risk);
    expect(flags).toMatchObject({
      mutates: true,
      dangerous: true,
      untrustedOutput: true,
      hasCustomMetadata: false,
    });
    expect(MetadataFlagsSchema.parse(extractMetadataFlags(undefined))).toEqual({
      mutates: false,
      readOnly: false,
      dangerous: false,
      untrustedOutput: false,
      hasCustomMetadata: false,
      customKeys: [],
    });
  });
});

describe('typed metadata and Standard Schema inputs', () => {
  test('keys armorer reads (title, idempotent, timeoutMs, ...) are not custom; free-form keys are', () => {
    const flags = extractMetadataFlags({
      readOnly: true,
      title: 'Weather',
      idempotent: true,
      timeoutMs: 500,
      openWorld: true,
      tier: 'free',
    });
    expect(flags.customKeys).toEqual(['tier']);
    expect(extractMetadataFlags({ title: 'x' }).hasCustomMetadata).toBe(false);
  });

  test('an ArkType input is summarized from its JSON Schema', () => {
    const tool = createTool({
      name: 'search',
      description: 'Search',
      input: type({ query: 'string', 'limit?': 'number.integer', 'kind?': "'a' | 'b'", tags: 'string[]' }),
      execute: () => [],
    });
    expect(inspectTool(tool).input).toEqual({
      keys: ['query', 'tags', 'kind', 'limit'],
      required: ['query', 'tags'],
    });
    expect(inspectTool(tool, 'full').input?.shape).toEqual({
      query: { type: 'string', optional: false, nullable: false },
      tags: { type: 'array<string>', optional: false, nullable: false },
      limit: { type: 'number', optional: true, nullable: false },
      kind: { type: '"a" | "b"', optional: true, nullable: false },
    });
  });
});

describe('inspectTool and inspectRegistry', () => {
  test('detail levels', () => {
    expect(inspectTool(weather, 'summary')).toEqual({
      name: 'fetch-weather',
      description: 'Get the weather for a city',
      tags: ['weather'],
    });
    const standard = inspectTool(weather);
    expect(standard.input?.shape).toBeUndefined();
    expect(standard.metadata?.readOnly).toBe(true);
    const full = inspectTool(fetchPage, 'full');
    expect(full.tags).toEqual(['untrusted-output']);
    expect(full.input?.shape?.url?.type).toBe('string');
    expect(ToolInspectionSchema.parse(full)).toEqual(full);
  });

  test('results are copies', () => {
    const inspection = inspectTool(weather);
    (inspection.tags as string[]).push('changed');
    expect(weather.tags).toEqual(['weather']);
  });

  test('registry counts, from a toolbox or an array, validated by their schema', () => {
    const toolbox = createToolbox([weather, fetchPage, bare]);
    const inspection = inspectRegistry(toolbox, 'full');
    expect(inspection.counts).toEqual({
      total: 3,
      withTags: 2,
      withMetadata: 2,
      mutating: 1,
      readOnly: 1,
      dangerous: 1,
      untrustedOutput: 1,
    });
    expect(inspection.tools.map((tool) => tool.name)).toEqual(['fetch-weather', 'web.fetch', 'ping']);
    expect(RegistryInspectionSchema.parse(inspection)).toEqual(inspection);
    expect(inspectRegistry([bare], 'summary')).toEqual({
      detailLevel: 'summary',
      counts: {
        total: 1,
        withTags: 0,
        withMetadata: 0,
        mutating: 0,
        readOnly: 0,
        dangerous: 0,
        untrustedOutput: 0,
      },
      tools: [{ name: 'ping', description: 'Ping', tags: [] }],
    });
  });

  test('bad input', () => {
    expect(() => inspectTool(weather, 'everything' as never)).toThrow(/detailLevel must be/);
    expect(() => inspectTool({ name: 'x' } as never)).toThrow(/not a tool/);
    expect(() => inspectRegistry(42 as never)).toThrow(/expects a toolbox/);
    expect(() => inspectRegistry([{}] as never)).toThrow(/tool 0 is not a tool/);
  });
});
