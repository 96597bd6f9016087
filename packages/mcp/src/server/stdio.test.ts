import { setDefaultTimeout } from 'bun:test';
import { describeClientSuite } from '../__fixtures__/client-suite';
import { CLIENT_FLAVORS, connectStdio } from '../__fixtures__/clients';

// Every test starts a server process that loads the sources: seconds on a loaded machine.
setDefaultTimeout(60_000);

for (const flavor of CLIENT_FLAVORS) {
  describeClientSuite(`stdio (a child process), ${flavor} client`, async () => {
    const client = await connectStdio(flavor);
    return { client, close: () => client.close() };
  });
}

describeClientSuite('stdio (a child process), served by the v1 package, v1 client', async () => {
  const client = await connectStdio('v1', 'v1');
  return { client, close: () => client.close() };
});
