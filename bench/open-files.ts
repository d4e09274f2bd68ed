import fs from 'node:fs';

/** This process's open-file limit as "soft hard" (each socket is one), from /proc/self/limits. */
export function openFilesLimit(): string {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return line?.replace(/\s+/g, ' ').replace('Max open files ', '').replace(' files', '').trim() ?? 'unknown';
}
