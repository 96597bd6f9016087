import { describe, expect, test } from 'bun:test';
import { HitBuffers } from './hit-buffers';

describe('per-term hit buffers', () => {
  test('lay hits end to end; views made before a growth keep their values', () => {
    const buffers = new HitBuffers(0);
    const scores = new Float64Array([0.5, 1.5, 2.5, 3.5]);
    const inName = new Uint8Array([1, 0, 1, 0]);
    const first = buffers.append(new Int32Array([3, 1]), 2, scores, inName);
    const docs = new Int32Array(100).map((_, at) => at % 4);
    const second = buffers.append(docs, 100, scores, inName);
    expect(Array.from(first.docs)).toEqual([3, 1]);
    expect([...first.scores]).toEqual([3.5, 1.5]);
    expect([...first.inName]).toEqual([0, 0]);
    expect(second.docs.length).toBe(100);
    expect(second.scores[2]).toBe(2.5);
    expect(second.inName[2]).toBe(1);
    buffers.clear();
    const third = buffers.append(new Int32Array([0]), 1, scores, inName);
    expect(Array.from(third.docs)).toEqual([0]);
  });
});
