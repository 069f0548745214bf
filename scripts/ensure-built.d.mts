// Types of ensure-built.mjs for the tests that import it.
export interface BuildStep {
  name: string;
  label: string;
  /** Files and folders (relative to the root) whose change makes the step stale. */
  inputs: string[];
  /** A binary of node_modules/.bin and its arguments. */
  command: [string, string[]];
  /** The start goes on without this step when it fails: its output folder is removed and why is said. */
  optional?: { output: string; hint: string };
}
export const BUILD_STEPS: BuildStep[];
export function isBuilt(root: string, step: BuildStep): boolean;
export function ensureBuilt(root: string, steps?: BuildStep[], log?: (line: string) => void): boolean;
