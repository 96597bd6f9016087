import { type AnyTool, createTool, createToolbox, type Toolbox, toolInputJsonSchema } from '@armorer/core';
import { z } from 'zod';
import { syntheticToolConfig } from '../synthetic-tools';
import { checkTarget, type TargetCheck } from '../targets';
import { toAnthropicTools, toGeminiTools, toOpenAITools } from './adapters';

/** The exporters measured, by provider. */
export const EXPORTERS = {
  openai: (tools: Toolbox | readonly AnyTool[]) => toOpenAITools(tools),
  'openai strict': (tools: Toolbox | readonly AnyTool[]) => toOpenAITools(tools, { strict: true }),
  anthropic: (tools: Toolbox | readonly AnyTool[]) => toAnthropicTools(tools),
  'anthropic strict': (tools: Toolbox | readonly AnyTool[]) => toAnthropicTools(tools, { strict: true }),
  gemini: (tools: Toolbox | readonly AnyTool[]) => toGeminiTools(tools),
  'gemini full JSON Schema': (tools: Toolbox | readonly AnyTool[]) =>
    toGeminiTools(tools, { jsonSchema: 'full' }),
} as const;

export type ExporterName = keyof typeof EXPORTERS;

/** Targets from the issue: first export vs `z.toJSONSchema` alone, cached repeats. */
export const TARGETS = { firstExportRatio: 1.5, cachedMs: 1 } as const;

/** What one exporter cost. */
export interface ExporterTiming {
  readonly name: ExporterName;
  /** Median over rounds of the first export of fresh tools, in ms. */
  readonly firstMs: number;
  /** Median over rounds of (first export / `z.toJSONSchema` alone), each pair measured back to back. */
  readonly ratio: number;
  /** Median over rounds of the export's own work, with core's JSON Schemas already made, in ms. */
  readonly conversionMs: number;
  /** Mean of a repeated export of the same toolbox, in ms. */
  readonly cachedMs: number;
  /** Mean of a repeated export of the same tool list (what the lazy toolbox methods pass), in ms. */
  readonly cachedListMs: number;
  /** An export right after one tool was registered, in ms (converts that tool only): the median of several. */
  readonly afterChangeMs: number;
  /** The export after the change declared the new tool and reused the other declarations. */
  readonly changeSeen: boolean;
}

export interface ExportBenchReport {
  readonly count: number;
  readonly rounds: number;
  /** Median over rounds of `z.toJSONSchema` on as many fresh schemas, in ms. */
  readonly zodMs: number;
  readonly exporters: readonly ExporterTiming[];
}

let serial = 0;

/**
 * `count` fresh tools: new Zod schemas and configurations under names no earlier call used, so nothing is
 * cached anywhere yet (a provider export may remember a name's last conversion: a toolbox built again with
 * the same tools is not a first export).
 */
function freshTools(count: number): AnyTool[] {
  serial += 1;
  return Array.from({ length: count }, (_, index) => {
    const config = syntheticToolConfig(index);
    return createTool({ ...config, name: `${config.name}_s${serial}` }) as AnyTool;
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Times one run, after a full collection so that earlier garbage is not charged to it. */
function time(run: () => unknown): number {
  Bun.gc(true);
  const started = performance.now();
  run();
  return performance.now() - started;
}

function zodOnly(tools: readonly AnyTool[]): void {
  for (const tool of tools)
    z.toJSONSchema(tool.configuration.schema, { io: 'input', unrepresentable: 'any' });
}

/** The `properties` of the first declaration's schema: shared with the cache, whatever the provider. */
function firstProperties(declarations: readonly unknown[]): unknown {
  const first = declarations[0] as Record<string, unknown>;
  const fn = (first['function'] ?? first) as Record<string, unknown>;
  const schema = (fn['parameters'] ?? fn['input_schema'] ?? fn['parametersJsonSchema']) as Record<
    string,
    unknown
  >;
  return schema['properties'];
}

/** Tools registered one at a time after the cached exports, each followed by a timed export. */
const CHANGES = 7;

function cacheTimings(name: ExporterName, count: number, repeats: number) {
  const exporter = EXPORTERS[name] as (tools: Toolbox | readonly AnyTool[]) => readonly unknown[];
  const toolbox = createToolbox(freshTools(count));
  const before = exporter(toolbox);
  const started = performance.now();
  for (let index = 0; index < repeats; index++) exporter(toolbox);
  const cachedMs = (performance.now() - started) / repeats;
  const list = toolbox.tools();
  const listStarted = performance.now();
  for (let index = 0; index < repeats; index++) exporter(list);
  const cachedListMs = (performance.now() - listStarted) / repeats;
  // Timed as the repeats are (no collection first): the change must not cost more than a conversion. One
  // export lasts under a millisecond, so a single sample is decided by whether a collection lands in it:
  // the figure is the median of several changes, each registering one more tool.
  const changes: number[] = [];
  let changeSeen = true;
  for (let change = 1; change <= CHANGES; change++) {
    const config = syntheticToolConfig(count + change);
    toolbox.register(createTool({ ...config, name: `added_tool_${serial}_${change}` }) as AnyTool);
    const changeStarted = performance.now();
    const after = exporter(toolbox);
    changes.push(performance.now() - changeStarted);
    changeSeen &&= after.length === count + change && firstProperties(after) === firstProperties(before);
  }
  return { cachedMs, cachedListMs, afterChangeMs: median(changes), changeSeen };
}

/**
 * Runs the adapter export bench: `count` realistic tools. Each round measures `z.toJSONSchema` alone
 * and each exporter's first export on fresh tools back to back, so that drift on a busy machine hits
 * both sides of a ratio alike; figures are medians over `rounds`.
 */
export function runExportBench(options: {
  readonly count: number;
  readonly rounds: number;
  readonly repeats: number;
}): ExportBenchReport {
  const { count, rounds, repeats } = options;
  const names = Object.keys(EXPORTERS) as ExporterName[];
  // Warm up the JIT on both sides with a smaller, separate set of tools.
  zodOnly(freshTools(Math.min(200, count)));
  for (const name of names) EXPORTERS[name](createToolbox(freshTools(Math.min(200, count))));
  const zodRuns: number[] = [];
  const firsts = new Map<ExporterName, number[]>(names.map((name) => [name, []]));
  const ratios = new Map<ExporterName, number[]>(names.map((name) => [name, []]));
  const conversions = new Map<ExporterName, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const tools = freshTools(count);
    const zodMs = time(() => zodOnly(tools));
    zodRuns.push(zodMs);
    for (const name of names) {
      const toolbox = createToolbox(freshTools(count));
      const firstMs = time(() => EXPORTERS[name](toolbox));
      firsts.get(name)?.push(firstMs);
      ratios.get(name)?.push(firstMs / zodMs);
      const prepared = createToolbox(freshTools(count));
      for (const tool of prepared.tools()) toolInputJsonSchema(tool.configuration.schema);
      conversions.get(name)?.push(time(() => EXPORTERS[name](prepared)));
    }
  }
  const exporters = names.map(
    (name): ExporterTiming => ({
      name,
      firstMs: median(firsts.get(name) ?? []),
      ratio: median(ratios.get(name) ?? []),
      conversionMs: median(conversions.get(name) ?? []),
      ...cacheTimings(name, count, repeats),
    }),
  );
  return { count, rounds, zodMs: median(zodRuns), exporters };
}

/** The report as lines, with PASS/MISS against the targets. */
export function formatExportBench(report: ExportBenchReport): string[] {
  const lines = [
    `z.toJSONSchema alone on ${report.count} fresh schemas: ${report.zodMs.toFixed(1)} ms (median of ${report.rounds})`,
    '',
  ];
  for (const check of exportBenchChecks(report)) {
    lines.push(check.line);
    if (check.label.endsWith(': first export / z.toJSONSchema')) {
      const timing = report.exporters.find((candidate) => check.label.startsWith(`${candidate.name}:`));
      if (timing !== undefined) {
        lines.push(
          `info  ${timing.name}: first export ${timing.firstMs.toFixed(1)} ms, of which the conversion itself ${timing.conversionMs.toFixed(1)} ms (JSON Schemas already made)`,
        );
      }
    }
  }
  return lines;
}

/** The targets of a report, checked. */
export function exportBenchChecks(report: ExportBenchReport): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ms = { atMost: TARGETS.cachedMs, unit: ' ms', digits: 3 } as const;
  for (const timing of report.exporters) {
    checks.push(
      checkTarget(`${timing.name}: first export / z.toJSONSchema`, timing.ratio, {
        atMost: TARGETS.firstExportRatio,
      }),
      checkTarget(`${timing.name}: cached export of the toolbox`, timing.cachedMs, ms),
      checkTarget(
        `${timing.name}: cached export of its tool list (the lazy toolbox path)`,
        timing.cachedListMs,
        ms,
      ),
      checkTarget(
        `${timing.name}: export after registering one tool (new tool declared, the rest reused)`,
        timing.changeSeen ? timing.afterChangeMs : Number.NaN,
        { ...ms, note: timing.changeSeen ? 'reuse seen' : 'NOT reused' },
      ),
    );
  }
  return checks;
}
