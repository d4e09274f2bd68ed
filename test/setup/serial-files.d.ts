/** Absolute paths of the test files tagged `@serial` (serial-files.js), sorted. */
export function serialTestFiles(dir?: string): string[];
