import type { JsonSchema } from '@armorer/adapter-shared';
import type { ToolConfiguration } from '@armorer/core';

interface StrictEntry {
  readonly schema: JsonSchema;
  readonly ambiguous: boolean;
}

// Declared name -> the original input schema of the tool exported under it in strict mode, so that a
// parser given no tools can still map strict-mode nulls back. Two different schemas under one name make
// the entry ambiguous, and then no nulls are mapped for that name.
const strictSchemas = new Map<string, StrictEntry>();

// Tools this process declared in strict mode, so a parser given the tools knows without being told.
const strictTools = new WeakSet<ToolConfiguration>();

/** True when the tool was declared in strict mode by this process. */
export function wasDeclaredStrict(configuration: ToolConfiguration): boolean {
  return strictTools.has(configuration);
}

/** Records that a tool was declared in strict mode under a name. */
export function registerStrictSchema(
  configuration: ToolConfiguration,
  declaredName: string,
  schema: JsonSchema,
): void {
  strictTools.add(configuration);
  const known = strictSchemas.get(declaredName);
  if (known === undefined) strictSchemas.set(declaredName, { schema, ambiguous: false });
  else if (known.schema !== schema) strictSchemas.set(declaredName, { schema, ambiguous: true });
}

/** The original schema of the tool declared in strict mode under a name, when that is unambiguous. */
export function strictSchemaFor(declaredName: string): JsonSchema | undefined {
  const known = strictSchemas.get(declaredName);
  return known === undefined || known.ambiguous ? undefined : known.schema;
}
