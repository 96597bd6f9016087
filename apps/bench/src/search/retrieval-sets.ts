import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnyTool, createTool } from '@armorer/core';
import { z } from 'zod';

/** The repository's fixtures folder (the retrieval sets and BFCL live there, with their licenses). */
export const FIXTURES_DIR = join(import.meta.dir, '../../../../fixtures');

/** A JSON Schema of a tool's parameters, as the sets ship them (only what the search reads). */
export interface JsonSchemaLike {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchemaLike>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchemaLike;
  readonly enum?: readonly unknown[];
}

/** One tool of a set: a name, a description and (where the source has them) parameters. */
export interface SetTool {
  readonly name: string;
  readonly description: string;
  readonly parameters?: JsonSchemaLike;
}

/** One request with the names of the tools that answer it. */
export interface SetQuery {
  readonly id: string;
  readonly query: string;
  readonly gold: readonly string[];
}

/** A development set: a pool of tools and the requests to rank them for. */
export interface RetrievalSet {
  readonly name: string;
  readonly tools: readonly SetTool[];
  readonly queries: readonly SetQuery[];
}

/** The development sets in `fixtures/retrieval/` (see its README for sources and licenses). */
export const RETRIEVAL_SETS = ['stabletoolbench', 'sealtools', 'apibank'] as const;

/** Reads one set of `fixtures/retrieval/`. */
export function loadRetrievalSet(name: string, dir: string = join(FIXTURES_DIR, 'retrieval')): RetrievalSet {
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(dir, name, file), 'utf8')) as T;
  return { name, tools: read<SetTool[]>('tools.json'), queries: read<SetQuery[]>('queries.json') };
}

function toZod(schema: JsonSchemaLike): z.ZodType {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let out: z.ZodType;
  switch (type) {
    case 'integer':
    case 'number':
    case 'float':
      out = z.number();
      break;
    case 'boolean':
      out = z.boolean();
      break;
    case 'array':
    case 'tuple':
      out = z.array(schema.items === undefined ? z.unknown() : toZod(schema.items));
      break;
    case 'object':
    case 'dict':
      out = toObject(schema);
      break;
    case 'string':
      out =
        schema.enum !== undefined &&
        schema.enum.length > 0 &&
        schema.enum.every((value) => typeof value === 'string')
          ? z.enum(schema.enum as [string, ...string[]])
          : z.string();
      break;
    default:
      out = z.unknown();
  }
  return typeof schema.description === 'string' && schema.description.length > 0
    ? out.describe(schema.description)
    : out;
}

function toObject(schema: JsonSchemaLike): z.ZodObject {
  const required = new Set(schema.required ?? []);
  const shape: Record<string, z.ZodType> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const field = toZod(property ?? {});
    shape[key] = required.has(key) ? field : field.optional();
  }
  return z.object(shape);
}

/** A set's tool name as a valid armorer tool name (a few generated names contain spaces). */
export function toolName(name: string): string {
  return name.replace(/\s+/g, '_');
}

/**
 * An armorer tool for a set's tool (never called). With `withParameters` false only the name and the
 * description are indexed, the condition the baseline is measured under.
 */
export function setTool(tool: SetTool, withParameters: boolean): AnyTool {
  return createTool({
    name: toolName(tool.name),
    description: tool.description,
    ...(withParameters && tool.parameters !== undefined ? { input: toObject(tool.parameters) } : {}),
    execute: () => null,
  });
}
