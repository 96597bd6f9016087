import { describe, expect, test } from 'bun:test';
import { serverStoreAdapter } from './server-store-adapter';
import type { ServerHandle } from './servers';

const options = (label: string, lease?: number) => ({ label, lease });
const base = {
  name: 'Stub',
  workerModule: '/abs/worker.ts',
  install: 'apt-get install stub',
  storeOptions: (url: string, label: string, settings: { reservationLeaseMs?: number }) => ({
    url,
    ...options(label, settings.reservationLeaseMs),
  }),
};

describe('serverStoreAdapter', () => {
  test('scenarios get a namespace of their own on the shared server', async () => {
    const adapter = serverStoreAdapter({
      ...base,
      server: { url: 'stub://shared', missing: '', mustFail: false },
      startServer: undefined,
    });
    expect(adapter.unavailable).toBeUndefined();
    expect(await adapter.store('reserve-crash', { reservationLeaseMs: 3000 })).toEqual({
      storeOptions: { url: 'stub://shared', label: 'reserve-crash', lease: 3000 },
    });
    expect(adapter.outageUnavailable).toBe(
      'the server is not installed (apt-get install stub): the outage test starts its own.',
    );
  });

  test('the outage stops and starts a server of its own and disposes of it', async () => {
    const calls: string[] = [];
    const own: ServerHandle = {
      url: 'stub://own',
      port: 1,
      stop: async () => void calls.push('stop'),
      start: async () => void calls.push('start'),
      dispose: async () => void calls.push('dispose'),
    };
    const adapter = serverStoreAdapter({
      ...base,
      server: { url: undefined, missing: 'STUB_URL is not set', mustFail: true },
      startServer: async () => own,
    });
    expect(adapter).toMatchObject({ unavailable: 'STUB_URL is not set', failWhenUnavailable: true });
    expect(adapter.outageUnavailable).toBeUndefined();
    const outage = await adapter.outage();
    expect(outage).toMatchObject({
      storeOptions: { url: 'stub://own', label: 'fault' },
      reason: 'unavailable',
      recoverMs: 10_000,
    });
    await outage.begin();
    await outage.end();
    await outage.dispose?.();
    expect(calls).toEqual(['stop', 'start', 'dispose']);
  });
});
