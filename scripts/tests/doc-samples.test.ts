import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { runSampleProcess, serverProblem } from '../lib/doc-sample-run';
import {
  collectDocSamples,
  extraDependencies,
  isTestSample,
  sampleFileName,
  samplesOf,
} from '../lib/doc-samples';
import { rootDir } from '../lib/workspace';

const file = join(rootDir, 'docs/guides/example.md');
const fence = (info: string, body: string) => `\`\`\`${info}\n${body}\n\`\`\``;

describe('doc samples: reading the fences', () => {
  test('ts and js fences are samples; an output fence right after one is what it prints', () => {
    const text = [
      '# Title',
      fence('ts', "console.log('a');"),
      '',
      fence('output', 'a'),
      fence('sh', 'bun add armorer'),
      fence('js node', "console.log('b');"),
      'prose between the sample and the output',
      fence('output', 'b'),
    ].join('\n');
    const samples = samplesOf(file, text);
    expect(
      samples.map(({ where, language, node, expectedOutput }) => ({ where, language, node, expectedOutput })),
    ).toEqual([
      { where: 'docs/guides/example.md:2', language: 'ts', node: false, expectedOutput: 'a' },
      { where: 'docs/guides/example.md:12', language: 'js', node: true, expectedOutput: undefined },
    ]);
  });

  test('no-run needs a reason, and keeps it', () => {
    const [sample] = samplesOf(file, fence('ts no-run: needs OPENAI_API_KEY', 'export {};'));
    expect(sample?.noRun).toBe('needs OPENAI_API_KEY');
    expect(sample?.node).toBe(false);
    expect(() => samplesOf(file, fence('ts no-run', 'export {};'))).toThrow(/needs a reason/);
  });

  test('a server sample is marked serves; no-run flags after the reason are part of the reason', () => {
    const [server, plain, noRun] = samplesOf(
      file,
      [
        fence('ts serves', 'export {};'),
        fence('ts node', 'export {};'),
        fence('ts no-run: serves forever', ''),
      ].join('\n'),
    );
    expect([server?.serves, plain?.serves, noRun?.serves, noRun?.noRun]).toEqual([
      true,
      false,
      false,
      'serves forever',
    ]);
  });

  test('a sample that imports bun:test runs under bun test', () => {
    const [asTest, plain] = samplesOf(
      file,
      [fence('ts', "import { test } from 'bun:test';\ntest('x', () => {});"), fence('ts', 'export {};')].join(
        '\n',
      ),
    );
    expect([asTest && isTestSample(asTest), plain && isTestSample(plain)]).toEqual([true, false]);
  });

  test('file names say where the sample comes from', () => {
    const [sample] = samplesOf(file, `\n\n${fence('ts', 'export {};')}`);
    expect(sample && sampleFileName(sample)).toBe('docs-guides-example-L3.ts');
  });

  test("every sample of the repository's docs reads: runnable, or no-run with its reason", () => {
    const samples = collectDocSamples();
    expect(samples.length).toBeGreaterThan(50);
    for (const sample of samples) {
      expect({ where: sample.where, reason: sample.noRun ?? 'runs' }).not.toEqual({
        where: sample.where,
        reason: '',
      });
    }
  });
});

describe('doc samples: what the consumer installs for them', () => {
  test("Bun's types always, and the @types package of an import without types of its own", () => {
    const samples = samplesOf(
      file,
      fence('ts', "import pg from 'pg';\nimport { z } from 'zod';\nexport { pg, z };"),
    );
    const { extra, missing } = extraDependencies(samples, new Set(['pg', 'zod']));
    expect(Object.keys(extra).sort()).toEqual(['@types/bun', '@types/pg']);
    expect(missing).toEqual([]);
  });

  test('an import nothing provides and nobody installed is reported, naming the sample', () => {
    const samples = samplesOf(file, fence('ts', "import 'no-such-package-anywhere';"));
    const { missing } = extraDependencies(samples, new Set());
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain('docs/guides/example.md:1 imports no-such-package-anywhere');
  });

  test('node: and bun: builtins need nothing', () => {
    const samples = samplesOf(
      file,
      fence('ts', "import { join } from 'node:path';\nimport { Database } from 'bun:sqlite';"),
    );
    expect(extraDependencies(samples, new Set()).extra).toEqual({ '@types/bun': expect.any(String) });
  });
});

describe('doc samples: one run', () => {
  const bunRun = (code: string) => [process.execPath, '-e', code];
  const options = { cwd: rootDir, env: {}, timeoutMs: 20_000 };

  test('a server is up once it prints a line, and is then stopped', async () => {
    const result = await runSampleProcess(
      bunRun("console.error('listening on :1'); setInterval(() => {}, 1000);"),
      { ...options, untilReady: true },
    );
    expect({ ready: result.ready, timedOut: result.timedOut }).toEqual({ ready: true, timedOut: false });
    expect(serverProblem(result)).toBeUndefined();
  });

  test('a server that fails at start-up fails, though its stack trace is a line', async () => {
    for (const code of [
      "throw new Error('no secret');",
      "class ToolboxError extends Error {}\nthrow new ToolboxError('no secret');",
    ]) {
      const result = await runSampleProcess(bunRun(code), { ...options, untilReady: true });
      expect({ code, problem: serverProblem(result) }).toEqual({ code, problem: expect.any(String) });
    }
  });

  test('a server that prints nothing before the timeout fails', async () => {
    const result = await runSampleProcess(bunRun('setInterval(() => {}, 1000);'), {
      ...options,
      timeoutMs: 300,
      untilReady: true,
    });
    expect(serverProblem(result)).toBe('printed nothing before the timeout');
  });

  test('a program stopped by the timeout has timed out, even when it exits 0 on SIGTERM', async () => {
    const result = await runSampleProcess(
      bunRun("process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);"),
      { ...options, timeoutMs: 300 },
    );
    expect(result.timedOut).toBe(true);
  });

  test('stdout is kept apart from stderr', async () => {
    const result = await runSampleProcess(bunRun("console.log('out'); console.error('err');"), options);
    expect({ code: result.code, stdout: result.stdout.trim() }).toEqual({ code: 0, stdout: 'out' });
  });
});
