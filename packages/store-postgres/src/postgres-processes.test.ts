import { describe, test } from 'bun:test';
import { checkServerFault, defineProcessTests } from '../../store-redis/src/testing/process-suite';
import { postgresBinDir, serverUrl, startPostgresServer } from '../../store-redis/src/testing/servers';
import { StoreError } from './errors/store-error';

const server = serverUrl('postgres');
const run = `${process.pid}-${Date.now().toString(36)}`;

if (server.url === undefined) {
  if (server.mustFail) {
    test('PostgreSQL process tests: the server is missing', () => {
      throw new Error(server.missing);
    });
  } else {
    console.warn(`skipping the PostgreSQL process tests: ${server.missing}`);
  }
} else {
  const url = server.url;
  defineProcessTests(
    'PostgreSQL',
    () => ({
      kind: 'postgres',
      url,
      prefix: (label) => `p${run.replace(/-/g, '_')}_${label.replace(/-/g, '_')}_`,
    }),
    {
      describe,
      test,
    },
  );
}

describe('PostgreSQL server faults', () => {
  const binary = postgresBinDir();
  test('the server stopped mid-run: a typed StoreError and no execution; started again: served again', async () => {
    if (binary === undefined) {
      const message =
        'PostgreSQL is not installed (apt-get install postgresql): the fault test starts its own.';
      if (process.env.CI) throw new Error(message);
      console.warn(`skipping: ${message}`);
      return;
    }
    // Its own server on its own port: stopping it never disturbs the shared one.
    const own = await startPostgresServer();
    try {
      await checkServerFault(
        { kind: 'postgres', url: own.url, prefix: `f${run.replace(/-/g, '_')}_` },
        own,
        StoreError.isInstance,
      );
    } finally {
      await own.dispose();
    }
  }, 120_000);
});
