import type { ToolConfiguration } from '@armorer/core';
import type { StrictCodec } from '../schema/strict-codec';
import { sameJson } from './same-json';

interface StrictEntry {
  readonly codec: StrictCodec;
  readonly ambiguous: boolean;
}

// Declared name -> the strict codec of the tool exported under it in strict mode, so that a parser given
// no tools can still read strict-mode calls back. Two different tools under one name make the entry
// ambiguous, and then calls to that name are left as they came.
const strictCodecs = new Map<string, StrictEntry>();

// Tools this process declared in strict mode, with their codec.
const strictTools = new WeakMap<ToolConfiguration, StrictCodec>();

/** True when the tool was declared in strict mode by this process. */
export function wasDeclaredStrict(configuration: ToolConfiguration): boolean {
  return strictTools.has(configuration);
}

/** The codec of a tool declared in strict mode by this process. */
export function strictCodecOf(configuration: ToolConfiguration): StrictCodec | undefined {
  return strictTools.get(configuration);
}

/** Records that a tool was declared in strict mode under a name, with its codec. */
export function registerStrictCodec(
  configuration: ToolConfiguration,
  declaredName: string,
  codec: StrictCodec,
): void {
  strictTools.set(configuration, codec);
  const known = strictCodecs.get(declaredName);
  if (known === undefined) strictCodecs.set(declaredName, { codec, ambiguous: false });
  else if (!sameJson(known.codec.schema, codec.schema))
    strictCodecs.set(declaredName, { codec, ambiguous: true });
}

/** The codec of the tool declared in strict mode under a name, when that is unambiguous. */
export function strictCodecFor(declaredName: string): StrictCodec | undefined {
  const known = strictCodecs.get(declaredName);
  return known === undefined || known.ambiguous ? undefined : known.codec;
}
