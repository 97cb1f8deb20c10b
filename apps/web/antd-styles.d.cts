/** Types of antd-styles.cjs, for vite.config.ts and its spec. */
export const COMPONENTS: string[];
/** Where the app's source files are read from (the disk, unless a test gives its own). */
export interface SourceFiles {
  read(file: string): string;
  isFile(file: string): boolean;
}
export function firstScreenComponents(root?: string, options?: { entry?: string; routeTable?: string; sources?: SourceFiles }): string[];
export function antdStyleSheets(root?: string): { firstScreen: string; rest: string };
