/** Types of bundle-budget.cjs, for its spec. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  modules: string[];
  maxKb: number;
  /** At most this many files: over HTTP/1.1 each is a round trip on a slow network. */
  maxFiles?: number;
  excludes?: string[];
}
export interface Budget {
  compression?: 'br' | 'gzip';
  routes: RouteBudget[];
}
export interface FileSizes {
  raw: number;
  gzip: number;
  br: number;
}
export interface RouteResult {
  route: string;
  files: string[];
  kb: FileSizes;
  maxKb: number;
  problems: string[];
  ok: boolean;
}
export interface BudgetReport {
  encoding: 'br' | 'gzip';
  rows: RouteResult[];
  ok: boolean;
}

export function entryKey(manifest: Manifest): string;
/** Which of the app's source modules each chunk file holds (the build's .vite/chunk-modules.json). */
export type ChunkModules = Record<string, string[]>;
export function routeChunks(manifest: Manifest, modules: string[], chunkModules?: ChunkModules): { keys: string[]; files: string[]; missing: string[] };
export function checkBudgets(manifest: Manifest, budget: Budget, sizeOf: (file: string) => FileSizes, chunkModules?: ChunkModules): BudgetReport;
export function formatReport(report: Pick<BudgetReport, 'encoding' | 'rows'>): string;
