import { describe, expect, test } from 'bun:test';
import { startTestServers } from './test-servers';

describe('startTestServers', () => {
  test('uses the URLs it is given, starts nothing, and names the servers for the cache key', async () => {
    const lines: string[] = [];
    const servers = await startTestServers(
      { ARMORER_POSTGRES_URL: 'postgres://given/db', ARMORER_REDIS_URL: 'redis://given:1' },
      (line) => lines.push(line),
    );
    expect(servers.env).toEqual({
      ARMORER_POSTGRES_URL: 'postgres://given/db',
      ARMORER_REDIS_URL: 'redis://given:1',
      ARMORER_TEST_SERVERS: 'postgres,redis',
    });
    expect(servers.available).toEqual(['postgres', 'redis']);
    await servers.dispose();
    expect(lines.filter((line) => line.includes('is set, using it'))).toHaveLength(2);
    expect(lines.some((line) => line.includes('stopped'))).toBe(false);
  });
});
