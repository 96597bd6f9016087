import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describeClientSuite } from '../__fixtures__/client-suite';

const fixture = join(import.meta.dir, '..', '__fixtures__', 'stdio-server.ts');

describeClientSuite('stdio (a child process)', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@armorer/source', fixture],
    stderr: 'inherit',
  });
  const client = new Client({ name: 'stdio-client', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
});
