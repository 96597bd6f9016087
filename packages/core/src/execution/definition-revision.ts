import { serializeTool } from '../tool/serialize';
import type { ToolConfiguration } from '../tool/types';

const revisions = new WeakMap<ToolConfiguration, string>();

/** FNV-1a (32-bit) of a string, as 8 hex digits: a cheap, stable digest for revision identifiers. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * A digest of a tool's serialized definition (name, description, tags, metadata, schema): it changes
 * whenever what a model or a policy sees of the tool changes. Computed once per configuration, on demand.
 */
export function definitionRevision(configuration: ToolConfiguration): string {
  let revision = revisions.get(configuration);
  if (revision === undefined) {
    let text: string;
    try {
      text = JSON.stringify(serializeTool(configuration));
    } catch {
      text = `${configuration.name}\u0000${configuration.description}`;
    }
    revision = `tooldef_${fnv1a(text)}${fnv1a(`${text.length}:${text}`)}`;
    revisions.set(configuration, revision);
  }
  return revision;
}
