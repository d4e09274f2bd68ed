/**
 * Where the agent may write downloads: only inside its DOWNLOAD_ROOT. The folder comes from
 * the platform (any user who sees a study picks it), so the agent does not trust it: it must
 * resolve inside the root, the real path of its deepest existing ancestor must be the root or
 * under it (a symlink cannot lead out), and the folders it creates on the way are checked one
 * by one (a symlinked folder is refused).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export class DownloadFolderError extends Error {}

/** Absolute, no UNC (`//host/share`, `\\host\share`), no `..`, no control characters. */
export function isSafeFolder(p: string): boolean {
  const absolute = p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
  const unc = /^[\\/]{2}/.test(p);
  return absolute && !unc && !p.split(/[\\/]/).includes('..') && !/\p{Cc}/u.test(p);
}

const inside = (root: string, p: string): boolean => {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

async function deepestExisting(p: string): Promise<string> {
  for (let at = p; ; at = path.dirname(at)) {
    try {
      await fs.lstat(at);
      return at;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) throw err;
    }
  }
}

/**
 * Throws DownloadFolderError (its message is the reason reported to the platform) unless
 * `fullPath` is safely inside `root`; creates nothing but the root. Answers the resolved root
 * and target.
 */
export async function checkFolderInsideRoot(root: string, fullPath: string): Promise<{ realRoot: string; rel: string }> {
  const refuse = (why: string) => new DownloadFolderError(`folder ${JSON.stringify(fullPath)} refused: ${why}`);
  if (!isSafeFolder(fullPath) || !path.isAbsolute(fullPath)) throw refuse('not a safe absolute folder');
  const resolvedRoot = path.resolve(root);
  const target = path.resolve(fullPath);
  if (!inside(resolvedRoot, target)) throw refuse(`outside DOWNLOAD_ROOT ${resolvedRoot}`);
  await fs.mkdir(resolvedRoot, { recursive: true });
  const realRoot = await fs.realpath(resolvedRoot);
  if (!inside(realRoot, await fs.realpath(await deepestExisting(target)))) {
    throw refuse(`leads outside DOWNLOAD_ROOT ${resolvedRoot}`);
  }
  return { realRoot, rel: path.relative(resolvedRoot, target) };
}

/** Checks `fullPath` again, creates it one folder at a time (none a symlink) and answers its real path. */
export async function createFolderInsideRoot(root: string, fullPath: string): Promise<string> {
  const { realRoot, rel } = await checkFolderInsideRoot(root, fullPath);
  const refuse = (why: string) => new DownloadFolderError(`folder ${JSON.stringify(fullPath)} refused: ${why}`);
  let at = realRoot;
  for (const segment of rel.split(path.sep).filter(Boolean)) {
    at = path.join(at, segment);
    let stat = await fs.lstat(at).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (!stat) {
      await fs.mkdir(at).catch((err: NodeJS.ErrnoException) => (err.code === 'EEXIST' ? undefined : Promise.reject(err)));
      stat = await fs.lstat(at);
    }
    if (stat.isSymbolicLink()) throw refuse(`${at} is a symbolic link`);
    if (!stat.isDirectory()) throw refuse(`${at} is not a folder`);
  }
  return at;
}
