import path from 'node:path';
import { readCertificateFolder } from './trust';

/** The committed roots, pinned by fingerprint (see icp-brasil-roots/README.md for their sources). */
const PINNED: Record<string, string> = {
  'Autoridade Certificadora Raiz Brasileira v5':
    'CA:A5:3F:C6:09:1C:69:51:88:7C:97:6E:37:8F:6E:F8:9A:A6:37:7C:55:D9:7B:64:75:42:2B:71:ED:7E:9B:17',
  'Autoridade Certificadora Raiz Brasileira v12':
    'D8:47:8E:37:CE:19:C6:90:CF:65:73:81:E6:8F:E6:00:E4:E1:A0:42:53:68:30:F0:68:47:E0:3E:55:4C:4B:01',
};

it('the default ICP-Brasil roots are the pinned, self-signed v5 and v12 CA certificates', () => {
  const roots = readCertificateFolder(path.join(__dirname, 'icp-brasil-roots'));
  expect(roots).toHaveLength(2);
  for (const root of roots) {
    const cn = /CN=([^\n]+)/.exec(root.subject)?.[1] ?? '';
    expect(PINNED[cn]).toBe(root.fingerprint256);
    expect(root.ca).toBe(true);
    expect(root.checkIssued(root) && root.verify(root.publicKey)).toBe(true);
    expect(root.subject).toContain('O=ICP-Brasil');
  }
});
