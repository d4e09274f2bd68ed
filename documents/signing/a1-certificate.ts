/**
 * A1 certificates (PKCS#12): read with the doctor's password, sealed at rest with AES-256-GCM
 * under the platform's key. The password is never stored; the sealed bytes never leave.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface A1 {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The rest of the chain found in the file (issuers), if any. */
  chain: forge.pki.Certificate[];
}

export type A1Problem =
  'format' | 'password' | 'noKey' | 'expired' | 'notYetValid' | 'keyUsage' | 'untrusted' | 'holderCpfMissing' | 'holderMismatch';

export class A1Error extends Error {
  constructor(readonly problem: A1Problem) {
    super(`A1 certificate: ${problem}`);
  }
}

/** Parses the file; the certificate is the one whose public key matches the private key. */
export function readA1(p12: Buffer, password: string): A1 {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new A1Error('format');
  }
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    // forge says 'Invalid password?' on a MAC mismatch; anything else is a broken file.
    throw new A1Error(/password/i.test(String((err as Error).message)) ? 'password' : 'format');
  }
  const keyBags = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new A1Error(keyBags.length === 0 ? 'noKey' : 'format');
  const certs = (pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const matches = (c: forge.pki.Certificate) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  };
  const certificate = certs.find(matches);
  if (!certificate) throw new A1Error('noKey');
  return { key, certificate, chain: certs.filter((c) => c !== certificate) };
}

export function isValidAt(cert: forge.pki.Certificate, at: Date): boolean {
  return cert.validity.notBefore <= at && at <= cert.validity.notAfter;
}

/** forge keeps UTF8String values as raw bytes (a CN like "João" needs decoding). */
function text(a: forge.pki.CertificateField): string {
  const raw = String(a.value ?? '');
  if ((a.valueTagClass as unknown) !== forge.asn1.Type.UTF8) return raw;
  try {
    return forge.util.decodeUtf8(raw);
  } catch {
    return raw;
  }
}

/** "CN=…, O=…" in the certificate's order. */
export function distinguishedName(attrs: forge.pki.CertificateField[]): string {
  return attrs.map((a) => `${a.shortName ?? a.name ?? a.type}=${text(a)}`).join(', ');
}

/**
 * ICP-Brasil A1 subjects read "NAME:CPF" (DOC-ICP-04): the holder's name without the CPF,
 * for the signature block and the public page.
 */
export function holderName(cert: forge.pki.Certificate): string {
  return commonName(cert).replace(/:\d{11}$/, '');
}

/** A CPF (11 digits) shown with only its last two digits, for the public verification page. */
export const maskCpf = (text: string): string => text.replace(/\b\d{9}(\d{2})\b/g, '*********$1');

export function commonName(cert: forge.pki.Certificate): string {
  const cn = cert.subject.getField('CN') as forge.pki.CertificateField | null;
  return cn ? text(cn) : distinguishedName(cert.subject.attributes);
}

const IV = 12;
const TAG = 16;

/** iv | tag | ciphertext */
export function seal(plain: Buffer, key: Buffer): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function unseal(sealed: Buffer, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}
