export const KB: number;
export interface Budget {
  label: string;
  entry: string;
  limit: number;
  accepted?: number;
}
export const BUDGETS: Budget[];
export function measure(file: string): { raw: number; gzip: number };
export function closure(entry: string): Promise<string[]>;
export function closureSize(entry: string): Promise<{ files: string[]; raw: number; gzip: number }>;
export function checkBudgets(
  budgets?: Budget[],
): Promise<Array<Budget & { gzip: number; files: number; verdict: 'ok' | 'over' | 'fail' }>>;
export interface Floor {
  label: string;
  code: string;
}
export const FLOORS: Floor[];
export function floorSize(code: string): Promise<number>;
export function pageCosts(): Promise<Array<{ label: string; gzip: number; files: number }>>;
