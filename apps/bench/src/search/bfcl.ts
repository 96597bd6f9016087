import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A BFCL function declaration (JSON Schema-like, with `dict`/`float`/`tuple` type names). */
export interface BfclFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: BfclSchema;
}

export interface BfclSchema {
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
