import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The real-world fixture data at the repository root (`fixtures/`, one folder per source). */
export const DATA_DIR = join(import.meta.dir, '../../../fixtures');

/** A function declaration as BFCL writes it (OpenAI's bare function shape with non-standard types). */
export interface BfclFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

/** A tool of github-mcp-server's snapshot (MCP shape). */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

/** Every distinct function of `bfcl/*.json`. */
export function bfclFunctions(): BfclFunction[] {
  const dir = join(DATA_DIR, 'bfcl');
  const seen = new Map<string, BfclFunction>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line.trim().length === 0) continue;
      for (const fn of (JSON.parse(line) as { function: BfclFunction[] }).function)
        seen.set(JSON.stringify(fn), fn);
    }
  }
  return [...seen.values()];
}

/**
 * BFCL functions split into groups whose names stay distinct once made provider-safe (dots become
 * underscores), so that each group can be one toolbox.
 */
export function bfclGroups(): BfclFunction[][] {
  const groups: { names: Set<string>; items: BfclFunction[] }[] = [];
  for (const fn of bfclFunctions()) {
    const key = fn.name.replace(/[^a-zA-Z0-9_-]/g, '_');
    let group = groups.find((candidate) => !candidate.names.has(key));
    if (group === undefined) {
      group = { names: new Set(), items: [] };
      groups.push(group);
    }
    group.names.add(key);
    group.items.push(fn);
  }
  return groups.map((group) => group.items);
}

/** The 117 tools of github-mcp-server. */
export function githubTools(): McpTool[] {
  return JSON.parse(readFileSync(join(DATA_DIR, 'github-mcp-server/toolsnaps.json'), 'utf8')) as McpTool[];
}
