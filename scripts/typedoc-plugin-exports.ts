/**
 * TypeDoc plugin for the documentation site. All packages are converted in ONE TypeScript program
 * (`entryPointStrategy: "resolve"`), which costs a tenth of converting each package on its own:
 *   - the entry points are the sources of every public subpath, read from the `@armorer/source` conditions of
 *     the exports maps (a new subpath is documented without touching any configuration);
 *   - each entry module is named by what a user imports (`@armorer/core`, `@armorer/test/durable`), not by its
 *     path, and carries its package README, so a link from a guide to `packages/x/README.md` lands on the
 *     module's page;
 *   - a Markdown guide is titled by its first `# heading` rather than by its file name.
 * The `armorer` meta-package only re-exports the others, so its subpaths are listed on the landing page
 * instead of being documented twice.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Application,
  type Context,
  Converter,
  type DeclarationReflection,
  DefaultTheme,
  DefaultThemeRenderContext,
  type DocumentReflection,
  JSX,
  KindRouter,
  type Logger,
  MinimalSourceFile,
  type NormalizedPath,
  type Options,
  type PageEvent,
  PageKind,
  type Reflection,
  ReflectionKind,
  type RouterTarget,
} from 'typedoc';
import { exportTargets, listPublishedPackages, rootDir } from './lib/workspace';

interface EntryModule {
  source: string;
  specifier: string;
  readme: string | undefined;
}

function entryModules(): EntryModule[] {
  return listPublishedPackages()
    .filter((pkg) => pkg.name !== 'armorer')
    .flatMap((pkg) =>
      exportTargets(pkg.manifest).map((target) => ({
        source: join(pkg.dir, target.source),
        specifier: target.specifier,
        // The README belongs to the package's main entry only.
        readme:
          target.subpath === '.' && existsSync(join(pkg.dir, 'README.md'))
            ? join(pkg.dir, 'README.md')
            : undefined,
      })),
    );
}

class ExportsEntryPointsReader {
  // After typedoc.json (100), package.json (150) and tsconfig.json (200): explicit settings win.
  readonly order = 300;
  readonly name = 'armorer-exports-entry-points';
  readonly supportsPackages = false;

  read(container: Options, logger: Logger): void {
    if (container.isSet('entryPoints')) return;
    const entryPoints = [...new Set(entryModules().map((entry) => entry.source))];
    logger.verbose(`entry points: ${entryPoints.join(', ')}`);
    container.setValue('entryPoints', entryPoints);
  }
}

function firstHeading(file: string): string | undefined {
  const match = readFileSync(file, 'utf8').match(/^# (.+)$/m);
  return match?.[1]?.replaceAll('`', '').trim();
}

/**
 * One page per package entry and per guide: a symbol is a section of its module's page, reached by its
 * anchor. Most of armorer's exports are small functions and types read together with their neighbours; a
 * page each made 755 pages that a reader clicks through one at a time.
 */
class ModuleRouter extends KindRouter {
  protected override getPageKind(target: RouterTarget): PageKind | undefined {
    if (!('kindOf' in target)) return undefined;
    if (target.kindOf(ReflectionKind.Module)) return PageKind.Reflection;
    if (target.kindOf(ReflectionKind.Document)) return PageKind.Document;
    return undefined;
  }

  // The theme renders no anchor for the type parameters of an interface or class shown as a section, so
  // they get no link target (their names are shown as text) instead of a link to nowhere.
  protected override buildAnchors(target: RouterTarget, pageTarget: RouterTarget): void {
    if (
      'isTypeParameter' in target &&
      target.isTypeParameter() &&
      target.parent?.kindOf(ReflectionKind.ClassOrInterface)
    )
      return;
    super.buildAnchors(target, pageTarget);
  }
}

/**
 * A module's page is laid out like a class page: its comment and README, an index of its members, then each
 * member in full, under the anchors the index links to.
 */
class ModulePageContext extends DefaultThemeRenderContext {
  constructor(...args: ConstructorParameters<typeof DefaultThemeRenderContext>) {
    super(...args);
    const summary = this.moduleReflection;
    this.moduleReflection = (mod) => {
      if (!mod.isDeclaration()) return summary(mod);
      const hidden = this.options.getValue('notRenderedTags');
      return JSX.createElement(
        JSX.Fragment,
        null,
        mod.hasComment(hidden)
          ? JSX.createElement(
              'section',
              { class: 'tsd-panel tsd-comment' },
              this.commentSummary(mod),
              this.commentTags(mod),
            )
          : undefined,
        mod.readme?.length
          ? JSX.createElement(
              'section',
              { class: 'tsd-panel tsd-typography' },
              JSX.createElement(JSX.Raw, { html: this.markdown(mod.readme) }),
            )
          : undefined,
        this.index(mod),
        this.members(mod),
      );
    };
  }
}

class SiteTheme extends DefaultTheme {
  override getRenderContext(page: PageEvent<Reflection>): DefaultThemeRenderContext {
    return new ModulePageContext(this.router, this, page, this.application.options);
  }
}

/** Every guide must be on the site: `projectDocuments` lists them in reading order, so a new one is added by hand. */
function checkGuidesListed(app: Application): void {
  const listed = new Set(app.options.getValue('projectDocuments').map((path) => resolve(path)));
  const guides = join(rootDir, 'docs/guides');
  for (const name of readdirSync(guides).filter((file) => file.endsWith('.md'))) {
    if (!listed.has(join(guides, name))) {
      app.logger.error(
        `docs/guides/${name} is not in typedoc.json's projectDocuments: add it where it belongs in the reading order`,
      );
    }
  }
}

export function load(app: Application): void {
  app.options.addReader(new ExportsEntryPointsReader());
  app.converter.on(Converter.EVENT_BEGIN, () => checkGuidesListed(app));
  app.renderer.defineRouter('module', ModuleRouter);
  app.renderer.defineTheme('armorer', SiteTheme);
  const bySource = new Map(entryModules().map((entry) => [entry.source, entry]));

  app.converter.on(
    Converter.EVENT_CREATE_DECLARATION,
    (context: Context, reflection: DeclarationReflection) => {
      if (!reflection.kindOf(ReflectionKind.Module) || reflection.parent !== context.project) return;
      const file = context.project.getSymbolIdFromReflection(reflection)?.fileName;
      const entry = file === undefined ? undefined : bySource.get(file);
      if (!entry) {
        app.logger.error(
          `no package subpath is known for the module ${reflection.name} (${file ?? 'no file'})`,
        );
        return;
      }
      reflection.name = entry.specifier;
      if (entry.readme) {
        const text = readFileSync(entry.readme, 'utf8');
        const { content } = app.converter.parseRawComment(
          new MinimalSourceFile(text, entry.readme as NormalizedPath),
          context.project.files,
        );
        reflection.readme = content;
        context.project.files.registerReflectionPath(entry.readme as NormalizedPath, reflection);
      }
    },
  );

  app.converter.on(
    Converter.EVENT_CREATE_DOCUMENT,
    (_context: Context | undefined, document: DocumentReflection) => {
      const file = document.project.files.getReflectionPath?.(document);
      const source = typeof file === 'string' && file.endsWith('.md') ? file : undefined;
      const heading = source ? firstHeading(source) : undefined;
      if (heading && document.frontmatter['title'] === undefined) document.name = heading;
    },
  );
}
