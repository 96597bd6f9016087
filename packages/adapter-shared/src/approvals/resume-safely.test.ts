import { describe, expect, test } from 'bun:test';
import type { PendingApproval, ToolResult } from '@armorer/core';
import { resumeSafely } from './resume-safely';

const pending = { callId: 'c1', toolName: 'pay', executionId: 'exec_1' } as PendingApproval;

describe('resumeSafely', () => {
  test("a hook's result passes through, with its context", async () => {
    const answer = { outcome: 'success', callId: 'c1' } as ToolResult;
    const seen: unknown[] = [];
    const result = await resumeSafely(
      async (_pending, context: { n: number }) => {
        seen.push(context.n);
        return answer;
      },
      pending,
      { n: 7 },
    );
    expect(result).toBe(answer);
    expect(seen).toEqual([7]);
  });

  test('a hook that throws ends the call with an EXECUTION_FAILED result naming the tool, never a throw', async () => {
    const result = await resumeSafely(
      async () => {
        throw new Error('store down');
      },
      pending,
      undefined,
    );
    expect(result.outcome).toBe('error');
    expect(result.callId).toBe('c1');
    expect(result.executionId).toBe('exec_1');
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(result.content).toContain('Tool "pay" was approved but could not be resumed');
    expect(result.content).toContain('store down');
  });
});
