import { canonicalJson, sha256Hex } from '@armorer/approval';

/**
 * The fingerprint of an MCP tool definition: SHA-256 over the canonical JSON (keys sorted) of what a
 * model and a policy rely on: name, title, description, input and output schemas and annotations.
 * `_meta` is left out (servers may vary it per listing). Any change to the rest changes the fingerprint.
 *
 * @example
 * ```ts
 * fingerprintMcpTool({ name: 'echo', inputSchema: { type: 'object' } }); // 'sha256:3f1c…'
 * ```
 */
export function fingerprintMcpTool(declaration: {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: unknown;
}): string {
  const pinned = {
    name: declaration.name,
    title: declaration.title ?? null,
    description: declaration.description ?? null,
    inputSchema: declaration.inputSchema ?? null,
    outputSchema: declaration.outputSchema ?? null,
    annotations: declaration.annotations ?? null,
  };
  return `sha256:${sha256Hex(canonicalJson(pinned))}`;
}
