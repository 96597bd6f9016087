import type { ConversionWarning, JsonSchema, WarningCollector } from '@armorer/adapter-shared';
import { equalJsonData } from '../calls/same-json';
import type { StrictCodec } from './strict-codec';
import { toStrictCodec } from './strict-schema';

interface StrictMemo {
  /** The tool's normalized JSON Schema the codec was made from. */
  readonly schema: JsonSchema;
  readonly codec: StrictCodec;
  /** What the conversion reported. */
  readonly warnings: readonly ConversionWarning[];
}

// Tool name -> its last strict conversion. Tools are often made afresh with the same definition (a
// toolbox per request, a reloaded module): their schemas are new objects holding the same data. Bounded
// (cleared when full), so tool names made up per user or per request cannot grow it without end.
const memos = new Map<string, StrictMemo>();
const MAX_MEMOS = 1024;

/**
 * {@link toStrictCodec} of a tool's schema, remembering each tool name's last conversion: a tool of that
 * name whose schema is the same JSON data (see `equalJsonData`) gets the same codec, whose schema is
 * already frozen and already known to the strict registry, and the same warnings (reported afresh to
 * `collector`), without converting again. The conversion only reads the schema's data, so the result is
 * what converting would give. Throws `StrictUnavailable` as {@link toStrictCodec} does (never
 * remembered).
 *
 * @example
 * ```ts
 * const codec = rememberedStrictCodec(configuration.name, schema, collector);
 * ```
 */
export function rememberedStrictCodec(
  tool: string,
  schema: JsonSchema,
  collector: WarningCollector,
): StrictCodec {
  const memo = memos.get(tool);
  if (memo !== undefined && (memo.schema === schema || equalJsonData(memo.schema, schema))) {
    for (const warning of memo.warnings)
      collector.add(warning.code, warning.path, warning.keyword, warning.message);
    return memo.codec;
  }
  const start = collector.warnings.length;
  const codec = toStrictCodec(schema, collector);
  if (memos.size >= MAX_MEMOS && !memos.has(tool)) memos.clear();
  memos.set(tool, { schema, codec, warnings: collector.warnings.slice(start) });
  return codec;
}
