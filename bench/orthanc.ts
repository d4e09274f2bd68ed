/**
 * Debian's Orthanc (+ its DICOMweb plugin) on loopback, in a folder of its own, as the
 * side-by-side anchor for the ingest bench. Null when the package is not installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/temporal-dev';

const PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';

export interface OrthancHandle {
  url: string;
  /** Orthanc's own study id for a StudyInstanceUID (null while unknown). */
  studyId(studyUid: string): Promise<string | null>;
  isStable(orthancStudyId: string): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startOrthanc(stableAgeSeconds: number): Promise<OrthancHandle | null> {
  if (spawnSync('sh', ['-c', 'command -v Orthanc']).status !== 0 || !fs.existsSync(PLUGIN)) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-orthanc-'));
  const httpPort = await freePort();
  const config = {
    Name: 'bench',
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
    HttpPort: httpPort,
    DicomPort: await freePort(),
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    StableAge: stableAgeSeconds,
    Plugins: [PLUGIN],
    DicomWeb: { Enable: true, Root: '/dicom-web/' },
  };
  fs.writeFileSync(path.join(dir, 'orthanc.json'), JSON.stringify(config));
  const child: ChildProcess = spawn('Orthanc', [path.join(dir, 'orthanc.json')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${httpPort}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/system`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) {
      child.kill();
      throw new Error('Orthanc did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async studyId(studyUid) {
      const res = await fetch(`${url}/tools/lookup`, { method: 'POST', body: studyUid });
      const found = (await res.json()) as { ID: string; Type: string }[];
      return found.find((f) => f.Type === 'Study')?.ID ?? null;
    },
    async isStable(id) {
      const res = await fetch(`${url}/studies/${id}`);
      return res.ok && ((await res.json()) as { IsStable: boolean }).IsStable;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
