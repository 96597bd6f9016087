import { describe, expect, test } from 'bun:test';
import { onServer, serverUrl } from '@armorer/test-servers';
import { openLedger } from './effects';

describe('the effects ledger', () => {
  onServer(serverUrl('postgres'), 'the effects ledger on PostgreSQL', (url) => {
    test('instances that open it at the same moment all get it (no catalog race on CREATE TABLE)', async () => {
      for (let round = 0; round < 10; round++) {
        const prefix = `ledger${round}_${process.pid}_${Date.now()}_`;
        const ledgers = await Promise.all(
          Array.from({ length: 6 }, () => openLedger('postgres', url, prefix)),
        );
        try {
          await Promise.all(
            ledgers.map((ledger, index) =>
              ledger.record({ ref: `r${index}`, tool: 't', instance: `i${index}` }),
            ),
          );
          expect((await (ledgers[0] as (typeof ledgers)[number]).all()).length).toBe(6);
        } finally {
          await Promise.all(ledgers.map((ledger) => ledger.close()));
        }
      }
    }, 60_000);
  });
});
