/** A stdio MCP server over the fixture toolbox, launched as a child process by the tests. */
import { createMCP } from '../server/create-mcp';
import { createEchoToolbox, createFixtureToolbox } from './toolbox';

const mcp = createMCP(createFixtureToolbox({ onSwap: () => mcp.setToolbox(createEchoToolbox()) }), {
  name: 'fixture-stdio',
  version: '1.0.0',
});
await mcp.serveStdio();
