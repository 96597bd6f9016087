import { expect, test } from 'bun:test';
import { armorerCase, sdkCase } from './cases';

test('both MCP contenders answer the same call with the same text', async () => {
  for (const make of [sdkCase, armorerCase]) {
    const benchCase = await make();
    expect(await benchCase.call()).toBe('3');
    await benchCase.close();
  }
});
