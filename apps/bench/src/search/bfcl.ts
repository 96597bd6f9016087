import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnyTool, createTool } from '@armorer/core';
import { z } from 'zod';

/** A BFCL function declaration (JSON Schema-like, with `dict`/`float`/`tuple` type names). */
export interface BfclFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: BfclSchema;
}

interface BfclSchema {
  readonly type?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, BfclSchema>>;
  readonly required?: readonly string[];
  readonly items?: BfclSchema;
  readonly enum?: readonly unknown[];
}

/** One benchmark query: the user's question and the names of the functions that answer it. */
export interface BfclQuery {
  readonly id: string;
  readonly question: string;
  readonly gold: readonly string[];
}

/** Every function of the given BFCL files (deduplicated by name) and every question with its gold names. */
export interface BfclCorpus {
  readonly functions: readonly BfclFunction[];
  readonly queries: readonly BfclQuery[];
}

export const BFCL_DIR = join(import.meta.dir, '../../../../fixtures/bfcl');

function readLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Pools the functions of `files` and pairs each record's user turns with its ground-truth names. */
export function loadBfcl(files: readonly string[], dir: string = BFCL_DIR): BfclCorpus {
  const functions = new Map<string, BfclFunction>();
  const queries: BfclQuery[] = [];
  for (const file of files) {
    const answers = new Map(
      readLines(join(dir, 'possible_answer', file)).map((record) => [record.id as string, record]),
    );
    for (const record of readLines(join(dir, file))) {
      for (const fn of record.function as BfclFunction[])
        if (!functions.has(fn.name)) functions.set(fn.name, fn);
      const id = record.id as string;
      const truth = (answers.get(id)?.ground_truth ?? []) as Record<string, unknown>[];
      const gold = [...new Set(truth.flatMap((call) => Object.keys(call)))];
      const turns = (record.question as { role: string; content: string }[][]).flat();
      const question = turns
        .filter((turn) => turn.role === 'user')
        .map((turn) => turn.content)
        .join('\n');
      if (gold.length > 0) queries.push({ id, question, gold });
    }
  }
  return { functions: [...functions.values()], queries };
}

function toZod(schema: BfclSchema): z.ZodType {
  let type: z.ZodType;
  switch (schema.type) {
    case 'integer':
      type = z.number().int();
      break;
    case 'float':
    case 'number':
      type = z.number();
      break;
    case 'boolean':
      type = z.boolean();
      break;
    case 'array':
    case 'tuple':
      type = z.array(schema.items === undefined ? z.unknown() : toZod(schema.items));
      break;
    case 'dict':
    case 'object':
      type = toObject(schema);
      break;
    case 'string':
      type = schema.enum?.every((value) => typeof value === 'string')
        ? z.enum(schema.enum as [string, ...string[]])
        : z.string();
      break;
    default:
      type = z.unknown();
  }
  return schema.description === undefined ? type : type.describe(schema.description);
}

function toObject(schema: BfclSchema): z.ZodObject {
  const required = new Set(schema.required ?? []);
  const shape: Record<string, z.ZodType> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const field = toZod(property);
    shape[key] = required.has(key) ? field : field.optional();
  }
  return z.object(shape);
}

/** An armorer tool for a BFCL function (the implementation is never called). */
export function bfclTool(fn: BfclFunction): AnyTool {
  return createTool({
    name: fn.name,
    description: fn.description,
    input: toObject(fn.parameters),
    execute: () => null,
  });
}
