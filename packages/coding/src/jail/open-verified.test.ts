import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFifo, makeSocket, nullDevice } from '../__fixtures__/special-files';
import { raceWhileSwapping, startSwapper } from '../__fixtures__/swapper';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { FileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';
import { createPathJail } from './create-path-jail';
import { openVerified, verifyDescriptor } from './open-verified';
import { raceHooks } from './race-hooks';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
});
afterEach(() => tree.remove());

/** Reads through the jail as fast as it can while `steps` swap things in another thread. */
async function raceReads(path: string, steps: string, data: Record<string, string>) {
  const jail = createPathJail(tree.root);
  const swapper = startSwapper(steps, data);
  const seen = { read: 0, refused: 0, contents: new Set<string>() };
  try {
    const { swaps } = await raceWhileSwapping(swapper, async () => {
      try {
        const file = await jail.open(path);
        try {
          seen.contents.add(await file.handle.readFile('utf8'));
          seen.read++;
        } finally {
          await file.handle.close();
        }
      } catch (error) {
        if (!PathTraversalError.isInstance(error) && !FileAccessError.isInstance(error)) throw error;
        seen.refused++;
      }
    });
    expect(swaps).toBeGreaterThanOrEqual(50);
  } finally {
    await swapper.stop();
  }
  return seen;
}

/** Runs `swap` once, at the first time the hook fires. */
function once(swap: () => void): (path: string) => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    swap();
  };
}

afterEach(() => {
  delete raceHooks.beforeOpen;
  delete raceHooks.afterLeafCheck;
});

describe('openVerified', () => {
  const swapLeafForLink = () => {
    rmSync(join(tree.root, 'race/target'));
    symlinkSync(join(tree.outside, 'secret.txt'), join(tree.root, 'race/target'));
  };
  const swapDirectoryForLink = () => {
    renameSync(join(tree.root, 'swap'), join(tree.root, 'swap.parked'));
    symlinkSync(join(tree.outside, 'swap'), join(tree.root, 'swap'));
  };
  const outsideTwin = () => {
    tree.file('swap/file.txt', 'SAFE\n');
    mkdirSync(join(tree.outside, 'swap'));
    writeFileSync(join(tree.outside, 'swap/file.txt'), `${tree.secret}\n`);
  };

  for (const moment of ['beforeOpen', 'afterLeafCheck'] as const) {
    test(`a leaf swapped for a symlink to outside at ${moment} is refused`, async () => {
      tree.file('race/target', 'SAFE\n');
      raceHooks[moment] = once(swapLeafForLink);
      await expect(createPathJail(tree.root).open('race/target')).rejects.toMatchObject({
        name: 'PathTraversalError',
        code: 'CHANGED_DURING_OPEN',
      });
    });

    test(`a directory swapped for a symlink mid-path at ${moment} is refused`, async () => {
      outsideTwin();
      raceHooks[moment] = once(swapDirectoryForLink);
      await expect(createPathJail(tree.root).open('swap/file.txt')).rejects.toMatchObject({
        name: 'PathTraversalError',
        code: 'CHANGED_DURING_OPEN',
      });
    });
  }

  test('a leaf swapped between a file and a symlink to outside never yields the outside file', async () => {
    tree.file('race/target', 'SAFE\n');
    const seen = await raceReads(
      'race/target',
      `
      fs.symlinkSync(data.secret, data.dir + '/link.tmp');
      fs.renameSync(data.dir + '/link.tmp', data.dir + '/target');
      fs.writeFileSync(data.dir + '/file.tmp', 'SAFE\\n');
      fs.renameSync(data.dir + '/file.tmp', data.dir + '/target');
    `,
      { dir: join(tree.root, 'race'), secret: join(tree.outside, 'secret.txt') },
    );
    // Every read that got through read the file inside; how many got through depends on the machine.
    expect([...seen.contents].every((content) => content === 'SAFE\n')).toBe(true);
    expect(seen.read + seen.refused).toBeGreaterThanOrEqual(20);
    // Once the swapping stops, the same path reads normally: the jail does not simply refuse everything.
    rmSync(join(tree.root, 'race/target'), { force: true });
    writeFileSync(join(tree.root, 'race/target'), 'SAFE\n');
    const file = await createPathJail(tree.root).open('race/target');
    try {
      expect(await file.handle.readFile('utf8')).toBe('SAFE\n');
    } finally {
      await file.handle.close();
    }
  }, 30_000);

  test('a directory swapped for a symlink mid-path never yields the outside file', async () => {
    outsideTwin();
    const seen = await raceReads(
      'swap/file.txt',
      `
      fs.renameSync(data.dir, data.parked);
      fs.symlinkSync(data.outsideDir, data.dir);
      fs.unlinkSync(data.dir);
      fs.renameSync(data.parked, data.dir);
    `,
      {
        dir: join(tree.root, 'swap'),
        parked: join(tree.root, 'swap.parked'),
        outsideDir: join(tree.outside, 'swap'),
      },
    );
    expect([...seen.contents].every((content) => content === 'SAFE\n')).toBe(true);
    expect(seen.read + seen.refused).toBeGreaterThanOrEqual(20);
  }, 30_000);

  test('FIFOs, sockets and devices are refused without opening or blocking', async () => {
    const fifo = join(tree.root, 'fifo');
    makeFifo(fifo);
    const device = nullDevice(tree.root, 'null-device');
    const server = await makeSocket(join(tree.root, 'socket'));
    try {
      const jail = createPathJail(tree.root);
      for (const path of ['fifo', 'socket']) {
        await expect(jail.open(path)).rejects.toMatchObject({ name: 'FileAccessError', code: 'NOT_A_FILE' });
      }
      await expect(createPathJail(device.root).open(device.name)).rejects.toMatchObject({
        name: 'FileAccessError',
        code: 'NOT_A_FILE',
      });
      // Without the check before the open (a file raced into a FIFO or device), the open does not block
      // and the descriptor is refused.
      for (const path of [fifo, device.path]) {
        await expect(openVerified(path, path, { checkFirst: false })).rejects.toMatchObject({
          code: 'NOT_A_FILE',
        });
      }
      await expect(
        openVerified(join(tree.root, 'socket'), 'socket', { checkFirst: false }),
      ).rejects.toMatchObject({
        code: 'ENXIO',
      });
    } finally {
      server.close();
    }
  });

  test('a symlink at the leaf is refused even when the check before the open is skipped', async () => {
    tree.link('link', 'a.txt');
    await expect(openVerified(join(tree.root, 'link'), 'link', { checkFirst: false })).rejects.toMatchObject({
      name: 'PathTraversalError',
      code: 'CHANGED_DURING_OPEN',
    });
  });

  test('verifyDescriptor proves the descriptor is the checked file, with and without /proc/self/fd', async () => {
    const a = join(tree.root, 'a.txt');
    const b = join(tree.root, 'b.txt');
    const handle = await open(a, 'r');
    try {
      const stats = await handle.stat();
      for (const useProcFd of [true, false]) {
        expect(await verifyDescriptor(handle, a, stats, 'a.txt', useProcFd)).toBeUndefined();
        await expect(verifyDescriptor(handle, b, stats, 'b.txt', useProcFd)).rejects.toMatchObject({
          code: 'CHANGED_DURING_OPEN',
        });
      }
      // Without /proc: a path that no longer resolves to itself is refused too.
      tree.link('via-link', 'a.txt');
      await expect(
        verifyDescriptor(handle, join(tree.root, 'via-link'), stats, 'via-link', false),
      ).rejects.toMatchObject({ code: 'CHANGED_DURING_OPEN' });
    } finally {
      await handle.close();
    }
  });
});
