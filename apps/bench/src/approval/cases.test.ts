import { describe, expect, test } from 'bun:test';
import { createPolicyCases, createResumeFixture, createSignVerifyCase, requestContext } from './cases';

describe('approval bench cases', () => {
  test('each case does the work it claims', async () => {
    const { baseline, policy } = createPolicyCases();
    expect(await baseline()).toBe(3);
    expect(await policy()).toBe(3);
    expect(createSignVerifyCase()()).toBe(true);
    const fixture = await createResumeFixture(3);
    expect(await fixture.plain()).toBe(3);
    for (const descriptor of fixture.descriptors) {
      const resumed = await fixture.toolbox.resumeApproval(descriptor, { requestContext });
      expect(resumed.result).toBe(3);
    }
  });
});
