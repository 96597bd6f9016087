import { describe, expect, spyOn, test } from 'bun:test';
import { onServer } from './on-server';

describe('onServer', () => {
  test('registers the tests with the URL when the server is there', () => {
    const urls: string[] = [];
    onServer({ url: 'stub://shared', missing: '', mustFail: true }, 'the stub tests', (url) =>
      urls.push(url),
    );
    expect(urls).toEqual(['stub://shared']);
  });

  test('outside CI, a missing server is a warning and no test', () => {
    const warn = spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const urls: string[] = [];
      onServer({ url: undefined, missing: 'STUB_URL is not set', mustFail: false }, 'the stub tests', (url) =>
        urls.push(url),
      );
      expect(urls).toEqual([]);
      expect(warn.mock.calls).toEqual([['skipping the stub tests: STUB_URL is not set']]);
    } finally {
      warn.mockRestore();
    }
  });
});
