import type { AnyTool } from '@armorer/core';
import { schemaFields } from '../tool/schema-fields';

/**
 * The text a tool is embedded by: its name in words, its description, its tags and its parameters with their
 * descriptions. Exported so that vectors computed elsewhere (a batch job, a vector store) match.
 *
 * @example
 * ```ts
 * describeToolForEmbedding(sendEmail);
 * // 'send email: Send an email to recipients\ntags: communication\nparameters: to, subject, body'
 * ```
 */
export function describeToolForEmbedding(tool: AnyTool): string {
  const { tags, schema } = tool.configuration;
  const name = tool.name
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const lines = [`${name}: ${tool.description}`];
  if (tags.length > 0) lines.push(`tags: ${tags.join(', ')}`);
  const parameters = schemaFields(schema).map((field) =>
    field.description === undefined ? field.key : `${field.key} (${field.description})`,
  );
  if (parameters.length > 0) lines.push(`parameters: ${parameters.join(', ')}`);
  return lines.join('\n');
}
