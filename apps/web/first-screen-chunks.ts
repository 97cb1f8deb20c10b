import path from 'node:path';
import type { Plugin } from 'vite';

/** Screen name → its page module (relative to the web app's root), in the order they claim modules. */
type Screens = Record<string, string>;

/**
 * One chunk per signed-in first screen: what the portal's layout, or a page shown first after
 * signing in, imports statically (and the start-up chunk does not already hold) goes into one
 * file named for it, instead of the dozens of shared chunks of a few hundred bytes that
 * automatic splitting makes. Over HTTP/1.1 a browser fetches six files at a time, so on a slow
 * mobile network (150 ms a round trip) the dashboard's 67 files cost about a second before
 * its first figure could show.
 *
 * A screen named earlier keeps its modules: the layout comes first, so the dashboard's chunk
 * holds only what the layout does not. Modules a public page imports (`publicPages`) stay in
 * automatic splitting, so the landing, sign-in and sign-up pages never load a portal chunk
 * (and the portal finds them in the cache from signing in). Another portal page that shares a
 * module with a screen loads that screen's chunk: the dashboard is what a customer sees first.
 *
 * Reach is by import statements, before tree-shaking: a module imported but unused still counts.
 */
export function firstScreenChunks(root: string, screens: Screens, publicPages: string[]) {
  const screenOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'portal:first-screen-chunks',
    apply: 'build',
    buildEnd() {
      screenOf.clear();
      // Visits `source` and what it imports statically, as long as `visit` answers true.
      const reach = (source: string, visit: (id: string) => boolean) => {
        const entry = path.join(root, source);
        if (!this.getModuleInfo(entry)) this.error(`first-screen-chunks: ${source} is not part of the build`);
        const pending = [entry];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (visit(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ofPublicPages = new Set<string>();
      for (const source of publicPages) reach(source, (id) => !ofPublicPages.has(id) && Boolean(ofPublicPages.add(id)));
      for (const [screen, source] of Object.entries(screens)) {
        reach(source, (id) => !ofPublicPages.has(id) && !screenOf.has(id) && Boolean(screenOf.set(id, screen)));
      }
    },
  };
  // Rolldown takes higher priorities first. The start-up group (the config's first) must have a
  // higher one still, so modules the entry loads stay in the entry. Each group takes exactly the
  // modules claimed above, not their imports: those belong to an earlier screen or to no screen.
  const names = Object.keys(screens);
  const groups = names.map((screen, index) => ({
    name: screen,
    test: (id: string) => screenOf.get(id) === screen,
    priority: names.length - index,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}

/** Where the chunk list is written, beside Vite's manifest, for the first-load budget check. */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes which of the app's source modules each chunk holds ({ "assets/x.js": ["src/..."] }).
 * Vite's manifest names a chunk by its one page module, and a screen's chunk has none: the
 * budget check (bundle-budget.cjs) reads this to find a page inside it and to see a back-office
 * module a customer route must not load.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: 'portal:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const contents: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        contents[output.fileName] = output.moduleIds
          .filter((id) => id.startsWith(root) && !id.includes('node_modules'))
          .map((id) => path.relative(root, id).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(contents) });
    },
  };
}
