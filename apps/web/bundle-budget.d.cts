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
export function routeChunks(manifest: Manifest, modules: string[]): { keys: string[]; files: string[]; missing: string[] };
export function checkBudgets(manifest: Manifest, budget: Budget, sizeOf: (file: string) => FileSizes): BudgetReport;
export function formatReport(report: Pick<BudgetReport, 'encoding' | 'rows'>): string;
