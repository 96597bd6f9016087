import { type AnyTool, isTool } from '@armorer/core';
import { extractMetadataFlags, extractSchemaSummary } from './extract';
import {
  type InspectorDetailLevel,
  InspectorDetailLevelSchema,
  type RegistryInspection,
  type ToolInspection,
} from './schemas';

function checkLevel(detailLevel: unknown): InspectorDetailLevel {
  const parsed = InspectorDetailLevelSchema.safeParse(detailLevel);
  if (!parsed.success) {
    throw new TypeError(
      `detailLevel must be "summary", "standard" or "full", got ${JSON.stringify(detailLevel) ?? String(detailLevel)}.`,
    );
  }
  return parsed.data;
}

function checkTool(tool: unknown, where: string): AnyTool {
  if (!isTool(tool)) throw new TypeError(`${where} is not a tool made by createTool().`);
  return tool;
}

/**
 * A side-effect-free, JSON-friendly snapshot of one tool for logs, diagnostics and inventory screens. The
 * result is a copy: changing it changes nothing in the tool.
 *
 * @example
 * ```ts
 * inspectTool(fetchWeather, 'full');
 * // { name: 'fetch-weather', description: '...', tags: ['weather'],
 * //   input: { keys: ['city'], required: ['city'], shape: { city: { type: 'string', ... } } },
 * //   metadata: { mutates: false, readOnly: true, ... } }
 * ```
 */
export function inspectTool(tool: AnyTool, detailLevel: InspectorDetailLevel = 'standard'): ToolInspection {
  const level = checkLevel(detailLevel);
  const { configuration } = checkTool(tool, 'inspectTool(tool): tool');
  const inspection: ToolInspection = {
    name: configuration.name,
    description: configuration.description,
    tags: [...configuration.tags],
  };
  if (level === 'summary') return inspection;
  return {
    ...inspection,
    input: extractSchemaSummary(configuration.schema, { shape: level === 'full' }),
    metadata: extractMetadataFlags(configuration.metadata, configuration.risk),
  };
}

/**
 * Inspects every tool of a toolbox (or an array or iterable of tools) with counts for the metadata flags,
 * in registration order.
 *
 * @example
 * ```ts
 * const inspection = inspectRegistry(toolbox);
 * inspection.counts; // { total: 12, withTags: 10, withMetadata: 4, mutating: 3, readOnly: 7, dangerous: 1, untrustedOutput: 2 }
 * ```
 */
export function inspectRegistry(
  source: { tools(): readonly AnyTool[] } | Iterable<AnyTool>,
  detailLevel: InspectorDetailLevel = 'standard',
): RegistryInspection {
  const level = checkLevel(detailLevel);
  const list = toolsOf(source);
  const counts = {
    total: list.length,
    withTags: 0,
    withMetadata: 0,
    mutating: 0,
    readOnly: 0,
    dangerous: 0,
    untrustedOutput: 0,
  };
  const tools = list.map((tool, index) => {
    const { configuration } = checkTool(tool, `tool ${index}`);
    const flags = extractMetadataFlags(configuration.metadata, configuration.risk);
    if (configuration.tags.length > 0) counts.withTags++;
    if (configuration.metadata !== undefined && Object.keys(configuration.metadata).length > 0)
      counts.withMetadata++;
    if (flags.mutates) counts.mutating++;
    if (flags.readOnly) counts.readOnly++;
    if (flags.dangerous) counts.dangerous++;
    if (flags.untrustedOutput) counts.untrustedOutput++;
    return inspectTool(tool as AnyTool, level);
  });
  return { detailLevel: level, counts, tools };
}

function toolsOf(source: unknown): readonly unknown[] {
  if (typeof source === 'object' && source !== null) {
    if (typeof (source as { tools?: unknown }).tools === 'function')
      return (source as { tools(): readonly unknown[] }).tools();
    if (Symbol.iterator in source) return [...(source as Iterable<unknown>)];
  }
  throw new TypeError('inspectRegistry expects a toolbox, an array of tools or an iterable of tools.');
}
