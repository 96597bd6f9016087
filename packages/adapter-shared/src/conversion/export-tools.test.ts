import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { type ExportSpec, exportTools } from './export-tools';
import type { ConversionReportOptions, ConversionWarning } from './warnings';

interface Declaration {
  readonly name: string;
  readonly variant: string;
  readonly schema: unknown;
}

let conversions = 0;
const spec: ExportSpec<Declaration, ConversionReportOptions & { readonly loud?: boolean }> = {
  provider: 'anthropic',
  exporter: 'toTestTools',
  variant: (_configuration, options) => (options.loud === true ? 'loud' : 'quiet'),
  optionsKey: (options) => String(options.loud === true),
  convert({ schema, declaredName, collector }, variant) {
    conversions += 1;
    if (variant === 'loud') collector.unsupported('/properties/a', 'minLength');
    return { name: declaredName, variant, schema };
  },
};

const make = (name: string) =>
  createTool({
    name,
    description: `The ${name} tool`,
    input: z.object({ a: z.string().min(1) }),
    execute: () => 1,
  });

describe('exportTools', () => {
  test('converts each tool once per variant and serves repeats from the cache', () => {
    const toolbox = createToolbox([make('first'), make('second.tool')]);
    const before = conversions;
    const declarations = exportTools(spec, toolbox, {});
    expect(declarations.map((item) => item.name)).toEqual(['first', 'second_tool']);
    expect(conversions - before).toBe(2);
    const again = exportTools(spec, toolbox, {});
    expect(conversions - before).toBe(2);
    expect(again).toEqual(declarations);
    const properties = (declaration: Declaration | undefined) =>
      declaration === undefined ? undefined : (declaration.schema as { properties: unknown }).properties;
    expect(properties(again[0])).toBe(properties(declarations[0]));
    expect(again[0]).not.toBe(declarations[0] as Declaration);
    exportTools(spec, toolbox, { loud: true });
    expect(conversions - before).toBe(4);
  });

  test('a toolbox change converts only the new tool', () => {
    const toolbox = createToolbox([make('kept')]);
    exportTools(spec, toolbox, {});
    const before = conversions;
    toolbox.register(make('added'));
    expect(exportTools(spec, toolbox, {}).map((item) => item.name)).toEqual(['kept', 'added']);
    expect(conversions - before).toBe(1);
  });

  test('callers may rewrite the top of a declaration (SDKs do); the cache never sees it', () => {
    const tools = [make('mutated')];
    const [declaration] = exportTools(spec, tools, {}) as { name: string; schema: Record<string, unknown> }[];
    if (declaration === undefined) throw new Error('no declaration');
    declaration.name = 'changed';
    declaration.schema['type'] = 'changed';
    expect(exportTools(spec, tools, {})[0]).toMatchObject({ name: 'mutated', schema: { type: 'object' } });
    expect(Object.isFrozen((declaration.schema as { properties: unknown }).properties)).toBe(true);
  });

  test('reports all warnings of an export once, including cached ones', () => {
    const tools = [make('loud.one'), make('loud_two')];
    const reports: (readonly ConversionWarning[])[] = [];
    exportTools(spec, tools, { loud: true, onWarnings: (warnings) => reports.push(warnings) });
    exportTools(spec, tools, { loud: true, onWarnings: (warnings) => reports.push(warnings) });
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual(reports[0] as readonly ConversionWarning[]);
    expect(reports[0]?.map((warning) => [warning.tool, warning.code])).toEqual([
      ['loud.one', 'NAME_CHANGED'],
      ['loud.one', 'UNSUPPORTED_KEYWORD'],
      ['loud_two', 'UNSUPPORTED_KEYWORD'],
    ]);
    expect(reports[0]?.[1]?.message).toContain('still enforced');
    const quiet: unknown[] = [];
    exportTools(spec, [make('quiet_one')], { onWarnings: (warnings) => quiet.push(warnings) });
    expect(quiet).toEqual([]);
  });

  test('an unchanged toolbox is answered from its last export, per option key, warnings included', () => {
    const toolbox = createToolbox([make('memo.one')]);
    const reports: number[] = [];
    const onWarnings = (warnings: readonly ConversionWarning[]) => reports.push(warnings.length);
    expect(exportTools(spec, toolbox, { loud: true, onWarnings })[0]?.variant).toBe('loud');
    expect(exportTools(spec, toolbox, { loud: true, onWarnings })[0]?.variant).toBe('loud');
    expect(exportTools(spec, toolbox, { onWarnings })[0]?.variant).toBe('quiet');
    expect(reports).toEqual([2, 2, 1]);
  });

  test('warnings are gathered for the first caller who listens, also from a toolbox exported before', () => {
    const toolbox = createToolbox([make('late.one'), make('late_two')]);
    exportTools(spec, toolbox, { loud: true });
    const reports: (readonly ConversionWarning[])[] = [];
    const onWarnings = (warnings: readonly ConversionWarning[]) => reports.push(warnings);
    exportTools(spec, toolbox, { loud: true, onWarnings });
    exportTools(spec, toolbox, { loud: true, onWarnings });
    expect(reports.map((warnings) => warnings.map((warning) => [warning.tool, warning.code]))).toEqual([
      [
        ['late.one', 'NAME_CHANGED'],
        ['late.one', 'UNSUPPORTED_KEYWORD'],
        ['late_two', 'UNSUPPORTED_KEYWORD'],
      ],
      [
        ['late.one', 'NAME_CHANGED'],
        ['late.one', 'UNSUPPORTED_KEYWORD'],
        ['late_two', 'UNSUPPORTED_KEYWORD'],
      ],
    ]);
  });

  test('tools of one export in different variants are each converted once, in their own variant', () => {
    let converted = 0;
    const perTool: ExportSpec<Declaration, ConversionReportOptions> = {
      ...spec,
      variant: (configuration) => (configuration.name.startsWith('loud') ? 'loud' : 'quiet'),
      convert(input, variant) {
        converted += 1;
        return spec.convert(input, variant);
      },
    };
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), (loud) => {
        const tools = loud.map((flag, index) => make(`${flag ? 'loud' : 'quiet'}_${index}`));
        const before = converted;
        const first = exportTools(perTool, tools, {});
        const again = exportTools(perTool, tools, {});
        expect(first.map((declaration) => declaration.variant)).toEqual(
          loud.map((flag) => (flag ? 'loud' : 'quiet')),
        );
        expect(again).toEqual(first);
        expect(converted - before).toBe(tools.length);
      }),
      { numRuns: 100, seed: 20261202 },
    );
  });

  test('refuses two tools declared under one name, and inputs that are not tools', () => {
    const clash = () => exportTools(spec, [make('a.b'), make('a_b')], {});
    expect(clash).toThrow(/tools "a.b" and "a_b" would both be declared to Anthropic as "a_b"/);
    for (const input of [undefined, 'tools', { tools: 3 }, [make('ok'), { name: 'fake' }]]) {
      let caught: unknown;
      try {
        exportTools(spec, input, {});
      } catch (error) {
        caught = error;
      }
      expect(ProviderAdapterError.isInstance(caught)).toBe(true);
      expect((caught as ProviderAdapterError).code).toBe('INVALID_TOOLS');
    }
  });
});
