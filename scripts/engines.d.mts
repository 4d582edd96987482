// Types for engines.mjs, for the Node tests that import it.
export interface Engine {
  key: string;
  name: string;
  /** Debian's packages that provide it. */
  packages: string[];
  /** What it needs, each with the file found, or null when missing. */
  needs: () => [what: string, file: string | null][];
}
export const ENGINES: Engine[];
export function selectedEngines(list?: string): Engine[];
export function missingEngines(engines?: Engine[]): string[];
export function provideEngines(
  engines?: Engine[],
  options?: {
    root?: boolean;
    apt?: (args: string[]) => boolean;
    log?: (line: string) => void;
    error?: (line: string) => void;
  },
): boolean;
