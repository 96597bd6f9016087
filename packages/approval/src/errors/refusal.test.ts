import { describe, expect, test } from 'bun:test';
import { ApprovalError } from './errors';
import { approvalRefusal } from './refusal';

describe('approvalRefusal', () => {
  test('a refusal code becomes an ApprovalError with that code and a message', () => {
    for (const code of [
      'already-issued',
      'not-issued',
      'already-reserved',
      'not-reserved',
      'already-consumed',
      'revoked',
      'binding-conflict',
    ]) {
      const error = approvalRefusal(code);
      expect(ApprovalError.isInstance(error)).toBe(true);
      expect(error.code).toBe(code as never);
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  test('an unknown answer is a store failure naming it', () => {
    for (const code of ['', 'ok?', 'toString', '__proto__']) {
      const error = approvalRefusal(code);
      expect(error.code).toBe('store-failed');
      expect(error.message).toContain(`"${code}"`);
    }
  });
});
