import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';

/**
 * Checks a JSON Schema against the draft-07 and draft 2020-12 meta-schemas (what the providers validate
 * declarations with) and compiles it, so dangling references and malformed keywords are caught. A
 * checker independent of armorer's converters: it is Ajv's reading of the standards.
 */
const draft2020 = new Ajv2020({ strict: false, validateFormats: false });
const draft07 = new Ajv({ strict: false, validateFormats: false });

function errorsOf(ajv: Ajv | Ajv2020, schema: object): string[] {
  if (ajv.validateSchema(schema) !== true)
    return (ajv.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
  return [];
}

/** Meta-schema violations (draft-07 and 2020-12) and compile errors of a schema; empty when valid. */
export function metaSchemaProblems(
  schema: unknown,
  drafts: readonly ('07' | '2020-12')[] = ['07', '2020-12'],
): string[] {
  if (typeof schema !== 'object' || schema === null) return ['not a schema object'];
  const { $schema: _schema, ...body } = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (drafts.includes('2020-12')) {
    const errors = errorsOf(draft2020, body);
    problems.push(...errors.map((problem) => `2020-12: ${problem}`));
    // Compiling resolves every reference; schemas without one have nothing more to show.
    if (errors.length === 0 && JSON.stringify(body).includes('"$ref"')) {
      try {
        draft2020.compile(body);
      } catch (error) {
        problems.push(`2020-12 compile: ${(error as Error).message}`);
      }
    }
  }
  if (drafts.includes('07')) {
    // Draft-07 has no `$defs` keyword but resolves JSON Pointers into it all the same.
    problems.push(...errorsOf(draft07, body).map((problem) => `draft-07: ${problem}`));
  }
  return problems;
}

/** Compiles a validator for a schema (draft 2020-12), for checking values against it. */
export function validatorFor(schema: object): (value: unknown) => boolean {
  const { $schema: _schema, ...body } = schema as Record<string, unknown>;
  const validate = draft2020.compile(body);
  return (value) => validate(value) === true;
}
