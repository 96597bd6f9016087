import { describe, expect, test } from 'bun:test';
import { createTool, type ProviderImportOptions, type Toolbox, toolInputJsonSchema } from '@armorer/core';
import fc from 'fast-check';
import { parameterSchema, zodInputSchema } from './schema-arbitraries';

/** What an adapter's export accepts: a toolbox or a list of tools (`ToolSource` of `@armorer/adapter-shared`). */
type ToolSource = { tools(): readonly unknown[] } | readonly unknown[];

/** What a provider adapter's generated-schema tests need from it, with its own expectations. */
export interface GeneratedSchemaDriver<TDeclaration, TVariant> {
  /** Names the describe block: `generated declarations (fast-check): ${provider}`. */
  readonly provider: string;
  /** What every export must be, in the test names (`a valid input_schema`). */
  readonly exportsWhat: string;
  /** fast-check runs of each property. */
  readonly numRuns: number;
  /** The export settings each export is checked in (`strict` false and true, every schema field). */
  readonly variants: readonly TVariant[];
  /** A provider declaration of one tool, `generated_tool`, whose parameters are `schema`. */
  declare(schema: unknown): unknown;
  /** The adapter's import (`fromOpenAITools`). */
  importTools(declarations: readonly unknown[], options: ProviderImportOptions): Toolbox;
  /** The adapter's export in one variant (`toOpenAITools(source, { strict })`). */
  exportTools(source: ToolSource, variant: TVariant): readonly TDeclaration[];
  /** The adapter's expectations of one exported declaration (valid for the provider, settings kept). */
  expectDeclaration(declaration: TDeclaration, variant: TVariant): void;
}

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * Registers a provider adapter's generated-schema property tests: every generated JSON Schema imports
 * without failures, and every generated JSON Schema and Zod schema exports, in every variant, declarations
 * the adapter's expectations accept, where export -> import -> export is a fixed point. `more` registers
 * the adapter's own further tests in the same describe block.
 */
export function describeGeneratedSchemas<TDeclaration, TVariant>(
  driver: GeneratedSchemaDriver<TDeclaration, TVariant>,
  more?: (runs: { numRuns: number; seed: number }) => void,
): void {
  const runs = { numRuns: driver.numRuns, seed: 20261201 };

  const checkExports = (source: ToolSource): void => {
    for (const variant of driver.variants) {
      const first = driver.exportTools(source, variant);
      for (const declaration of first) driver.expectDeclaration(declaration, variant);
      const imported = driver.importTools(plain(first) as unknown[], { invalidDeclarations: 'throw' });
      expect(plain(driver.exportTools(imported, variant))).toEqual(plain(first));
    }
  };

  describe(`generated declarations (fast-check): ${driver.provider}`, () => {
    test(`every generated JSON Schema imports and exports ${driver.exportsWhat}`, () => {
      fc.assert(
        fc.property(parameterSchema, (schema) => {
          const failures: unknown[] = [];
          const toolbox = driver.importTools([driver.declare(schema)], {
            onInvalidDeclarations: (found) => failures.push(...found),
          });
          expect(failures).toEqual([]);
          checkExports(toolbox);
        }),
        runs,
      );
    }, 120_000);

    test(`every generated Zod schema exports ${driver.exportsWhat}`, () => {
      fc.assert(
        fc.property(zodInputSchema, (input) => {
          const tool = createTool({ name: 'zod_tool', description: 'Z', input, execute: (params) => params });
          // Exports read core's cached JSON Schema of the tool (sharing its nodes): they never change it.
          const before = JSON.stringify(toolInputJsonSchema(tool.configuration.schema));
          checkExports([tool]);
          expect(JSON.stringify(toolInputJsonSchema(tool.configuration.schema))).toBe(before);
        }),
        runs,
      );
    }, 120_000);

    more?.(runs);
  });
}
