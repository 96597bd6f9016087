/**
 * The name the Agents SDK declares a tool under: its `tool()` replaces every character outside
 * `[A-Za-z0-9]` with `_`. armorer names are mapped the same way up front, so collisions are caught here.
 */
export function agentToolName(name: string): string {
  return name.replace(/[^a-zA-Z0-9]/g, '_');
}
