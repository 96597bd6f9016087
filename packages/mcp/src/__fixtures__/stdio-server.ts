/** A stdio MCP server over the fixture toolbox, launched as a child process by the tests (`--sdk=v1|v2`). */
import { createMCP } from '../server/create-mcp';
import { createEchoToolbox, createFixtureToolbox } from './toolbox';

const sdk = process.argv.includes('--sdk=v1') ? 'v1' : 'v2';
const mcp = createMCP(createFixtureToolbox({ onSwap: () => mcp.setToolbox(createEchoToolbox()) }), {
  name: 'fixture-stdio',
  version: '1.0.0',
  sdk,
});
await mcp.serveStdio();
