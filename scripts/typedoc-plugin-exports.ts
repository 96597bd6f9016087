/**
 * TypeDoc plugin: in `entryPointStrategy: "packages"` mode, each package's entry points are the sources of
 * its public subpaths, read from the `@armorer/source` conditions of its exports map. A package therefore
 * needs no typedoc.json of its own, and a new subpath is documented without touching any configuration.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Application, Logger, Options } from 'typedoc';
import { exportTargets, readManifest } from './lib/workspace';

class ExportsEntryPointsReader {
  // After typedoc.json (100), package.json (150) and tsconfig.json (200): explicit settings win.
  readonly order = 300;
  readonly name = 'armorer-exports-entry-points';
  readonly supportsPackages = true;

  read(container: Options, logger: Logger, cwd: string): void {
    if (container.getValue('entryPointStrategy') === 'packages') return;
    if (container.isSet('entryPoints') || !existsSync(join(cwd, 'package.json'))) return;
    const manifest = readManifest(cwd);
    if (!manifest.exports) return;
    const entryPoints = [...new Set(exportTargets(manifest).map((target) => join(cwd, target.source)))];
    logger.verbose(`${manifest.name}: entry points ${entryPoints.join(', ')}`);
    container.setValue('entryPoints', entryPoints, cwd);
  }
}

export function load(app: Application): void {
  app.options.addReader(new ExportsEntryPointsReader());
}
