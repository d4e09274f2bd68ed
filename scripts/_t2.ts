import fs from 'node:fs';
import { readDicomFile } from '../imaging/dicom-header';
(async () => { for (const f of process.argv.slice(2)) { const h = await readDicomFile(f, fs.statSync(f).size); console.log(f, JSON.stringify(h.metadata['00100010']), h.patientName); } })();
