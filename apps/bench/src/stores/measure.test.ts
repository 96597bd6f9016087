import { describe, expect, test } from 'bun:test';
import { measureSubject, OPERATIONS } from './measure';
import { sqliteTarget } from './sqlite';

describe('durable store bench', () => {
  test('both sides run every operation for real and are timed', async () => {
    const subject = await sqliteTarget.open();
    if (typeof subject === 'string') throw new Error(subject);
    try {
      const [round] = await measureSubject(subject, 5, 1);
      for (const operation of OPERATIONS) {
        expect(round?.store[operation].wall).toBeGreaterThan(0);
        expect(round?.raw[operation].wall).toBeGreaterThan(0);
        expect(round?.store[operation].cpu).toBeGreaterThanOrEqual(0);
      }
      // The store side really wrote: a replayed claim of a measured key loses.
      const claim = await subject.results.claimStarted('r0-store-0', {
        version: 1,
        state: 'started',
        attemptId: 'again',
        startedAt: 1,
        leaseExpiresAt: 2,
        leaseDeadlineAt: 3,
      });
      expect(claim.claimed).toBe(false);
    } finally {
      await subject.close();
    }
  });
});
