/**
 * Whether an A1 may sign, and under which policy (issue 12): the certificate must be within its
 * validity at signing time, allow digitalSignature or nonRepudiation, and chain — through the
 * intermediates the PKCS#12 carries — to a configured trust anchor. A chain that ends in an
 * ICP-Brasil root signs under the ICP-Brasil AD-RB policy; one that ends in another configured
 * anchor signs as plain PAdES (no policy claimed); anything else is refused as untrusted.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { type A1, A1Error } from './a1-certificate';
import { icpPersonData } from './icp-brasil-holder';

export interface TrustAnchors {
  /** Roots whose chains get the ICP-Brasil AD-RB policy. */
  icpBrasil: X509Certificate[];
  /** Other trusted anchors: their chains sign without claiming the ICP-Brasil policy. */
  other: X509Certificate[];
}

export type SignaturePolicy = 'icp-brasil-ad-rb' | 'none';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate in the folder's .pem/.crt/.cer/.der files (PEM with one or more, or DER). */
export function readCertificateFolder(dir: string): X509Certificate[] {
  const out: X509Certificate[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!/\.(pem|crt|cer|der)$/i.test(name)) continue;
    const bytes = fs.readFileSync(path.join(dir, name));
    const pems = bytes.toString('latin1').match(PEM_BLOCK);
    try {
      if (pems) for (const pem of pems) out.push(new X509Certificate(pem));
      else out.push(new X509Certificate(bytes));
    } catch (err) {
      throw new Error(`trust anchors: ${path.join(dir, name)} is not a certificate (${(err as Error).message})`, { cause: err });
    }
  }
  return out;
}

export function loadTrustAnchors(dirs: { icpBrasilDir?: string | null; otherDir?: string | null }): TrustAnchors {
  return {
    icpBrasil: dirs.icpBrasilDir ? readCertificateFolder(dirs.icpBrasilDir) : [],
    other: dirs.otherDir ? readCertificateFolder(dirs.otherDir) : [],
  };
}

const x509Of = (c: forge.pki.Certificate) => new X509Certificate(forge.pki.certificateToPem(c));
const validAt = (c: X509Certificate, at: Date) => new Date(c.validFrom) <= at && at <= new Date(c.validTo);
const issued = (issuer: X509Certificate, subject: X509Certificate) => {
  try {
    return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
  } catch {
    return false;
  }
};

/**
 * The policy the chain earns, or A1Error('untrusted'): each link checked by its issuer's
 * signature, each CA certificate a CA and valid at `at`, ending in a configured anchor.
 */
export function chainPolicy(a1: A1, anchors: TrustAnchors, at: Date): SignaturePolicy {
  const pool = a1.chain.map(x509Of);
  let current = x509Of(a1.certificate);
  const seen = new Set<string>([current.fingerprint256]);
  for (let depth = 0; depth < 10; depth++) {
    for (const [list, policy] of [
      [anchors.icpBrasil, 'icp-brasil-ad-rb'],
      [anchors.other, 'none'],
    ] as const) {
      const anchor = list.find((a) => a.ca && validAt(a, at) && issued(a, current));
      if (anchor) return policy;
    }
    const next = pool.find((c) => !seen.has(c.fingerprint256) && c.ca && validAt(c, at) && issued(c, current));
    if (!next) break;
    seen.add(next.fingerprint256);
    current = next;
  }
  throw new A1Error('untrusted');
}

/** RFC 5280 §4.2.1.3: without the extension the key is not restricted. */
export function allowsSigning(cert: forge.pki.Certificate): boolean {
  const ku = cert.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean } | null;
  return !ku || Boolean(ku.digitalSignature || ku.nonRepudiation);
}

export interface SigningCheck {
  policy: SignaturePolicy;
  /** The CPF the certificate names its holder with (ICP-Brasil otherName 2.16.76.1.3.1). */
  holderCpf: string;
}

/**
 * Every check a signature needs, each with its own refusal, in the order a person fixes them:
 * validity at `at`, key usage, the chain, then the holder — the certificate's CPF must be the
 * user's (`userCpf` null: the user has none registered, so no certificate can be theirs).
 */
export function checkSigningCertificate(a1: A1, anchors: TrustAnchors, at: Date, userCpf: string | null): SigningCheck {
  const cert = a1.certificate;
  if (at < cert.validity.notBefore) throw new A1Error('notYetValid');
  if (at > cert.validity.notAfter) throw new A1Error('expired');
  if (!allowsSigning(cert)) throw new A1Error('keyUsage');
  const policy = chainPolicy(a1, anchors, at);
  if (!userCpf) throw new A1Error('holderCpfMissing');
  const holderCpf = icpPersonData(cert)?.cpf;
  if (!holderCpf || holderCpf !== userCpf) throw new A1Error('holderMismatch');
  return { policy, holderCpf };
}
