export const KB: number;
export interface Budget {
  label: string;
  entry: string;
  limit: number;
}
export const BUDGETS: Budget[];
export const TRANSLATIONS: { bundle: string; elements: RegExp; measuredRun: string };
/** Whether a built file is one of the German words files. */
export function isTranslation(file: string): boolean;
export function measure(file: string): { raw: number; gzip: number };
/** With `dynamic`, also what the entry may import later that it accepts (all for `true`): a view opened on demand, a translation. */
export interface ClosureOptions {
  dynamic?: boolean | ((file: string) => boolean);
}
export function closure(entry: string, options?: ClosureOptions): Promise<string[]>;
export function closureSize(
  entry: string,
  options?: ClosureOptions,
): Promise<{ files: string[]; raw: number; gzip: number }>;
export function checkBudgets(
  budgets?: Budget[],
): Promise<Array<Budget & { gzip: number; files: number; verdict: 'ok' | 'fail' }>>;
export interface Floor {
  label: string;
  code: string;
}
export const FLOORS: Floor[];
export function floorSize(code: string): Promise<number>;
export function pageCosts(): Promise<Array<{ label: string; gzip: number; files: number }>>;
