/**
 * A CMS SignedData, detached, for PAdES (SubFilter ETSI.CAdES.detached) written on node-forge's
 * ASN.1: forge's own PKCS#7 signer cannot add the attributes PAdES and ICP-Brasil require.
 * Signed attributes: contentType, messageDigest, signing-certificate-v2 and — only for a chain
 * that ends in an ICP-Brasil root — the ICP-Brasil AD-RB v1.3 signature-policy-id; no
 * signingTime (PAdES puts the time in the signature's /M).
 */
import { createHash, createPrivateKey, sign as rsaSign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SignaturePolicy } from './trust';

const { asn1 } = forge;
const T = asn1.Type;
const C = asn1.Class;

export const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicyId: '1.2.840.113549.1.9.16.2.15',
  spuri: '1.2.840.113549.1.9.16.5.1',
} as const;

/**
 * ICP-Brasil PAdES AD-RB v1.3 (DOC-ICP-15.03): the policy OID, its signPolicyHash and where
 * it is published. sigPolicyHash carries the hash *inside* PA_PAdES_AD_RB_v1_3.der (the
 * SHA-256 of its signPolicyHashAlg and signPolicyInfo), not the SHA-256 of the whole file
 * (23da544a…54dd, the LPA checksum): ITI's validator rejects the file checksum with 'O valor
 * do resumo criptográfico não é equivalente ao esperado' (seen by several public projects).
 */
export const ICP_BRASIL_AD_RB_V1_3 = {
  oid: '2.16.76.1.7.1.11.1.3',
  signPolicyHash: '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
  uri: 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der',
} as const;

const oid = (o: string) => asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(o).getBytes());
const seq = (items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SET, true, items);
const octets = (bytes: string) => asn1.create(C.UNIVERSAL, T.OCTETSTRING, false, bytes);
const int = (n: number) => asn1.create(C.UNIVERSAL, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const algorithm = (o: string, nullParams = true) =>
  seq(nullParams ? [oid(o), asn1.create(C.UNIVERSAL, T.NULL, false, '')] : [oid(o)]);
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** The certificate's issuer and serial as CMS's IssuerAndSerialNumber. */
function issuerAndSerial(cert: forge.pki.Certificate): forge.asn1.Asn1 {
  const certAsn1 = forge.pki.certificateToAsn1(cert);
  // tbsCertificate: [0] version, serialNumber, signature, issuer, …
  const tbs = (certAsn1.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  const hasVersion = tbs[0]!.tagClass === C.CONTEXT_SPECIFIC;
  const serial = tbs[hasVersion ? 1 : 0]!;
  const issuer = tbs[hasVersion ? 3 : 2]!;
  return seq([issuer, serial]);
}

/** ESS signing-certificate-v2 (RFC 5035): SHA-256 of the certificate (the default algorithm, so omitted) and its issuer/serial. */
function signingCertificateV2(cert: forge.pki.Certificate): forge.asn1.Asn1 {
  const certDer = der(forge.pki.certificateToAsn1(cert));
  const hash = createHash('sha256').update(Buffer.from(certDer, 'binary')).digest('binary');
  const [issuer, serial] = issuerAndSerial(cert).value as forge.asn1.Asn1[];
  // IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber } — directoryName is [4] EXPLICIT Name.
  const generalNames = seq([asn1.create(C.CONTEXT_SPECIFIC, 4, true, [issuer!])]);
  const essCertIdV2 = seq([octets(hash), seq([generalNames, serial!])]);
  return seq([seq([essCertIdV2])]);
}

/**
 * SignaturePolicyId (RFC 5126 §5.8.1) with its hash and the policy's URI qualifier. The hash's
 * AlgorithmIdentifier has absent parameters (RFC 5754 §2), byte for byte as the policy and
 * LPA_PAdES declare it (300b0609…0201): the validator rebuilds it, and a NULL there fails.
 */
function signaturePolicyId(): forge.asn1.Asn1 {
  const p = ICP_BRASIL_AD_RB_V1_3;
  return seq([
    oid(p.oid),
    seq([algorithm(OIDS.sha256, false), octets(Buffer.from(p.signPolicyHash, 'hex').toString('binary'))]),
    seq([seq([oid(OIDS.spuri), asn1.create(C.UNIVERSAL, T.IA5STRING, false, p.uri)])]),
  ]);
}

/** DER SET OF: elements sorted by their encodings (X.690 §11.6). */
function derSetOf(items: forge.asn1.Asn1[]): forge.asn1.Asn1 {
  const sorted = items.map((i) => ({ i, d: Buffer.from(der(i), 'binary') })).sort((a, b) => Buffer.compare(a.d, b.d));
  return set(sorted.map((x) => x.i));
}

/** The CMS (DER) for the bytes the PDF's ByteRange covers. */
export function cadesDetached(
  content: Buffer,
  key: forge.pki.rsa.PrivateKey,
  cert: forge.pki.Certificate,
  chain: forge.pki.Certificate[],
  policy: SignaturePolicy,
): Buffer {
  const digest = createHash('sha256').update(content).digest('binary');
  const attrs = derSetOf([
    attribute(OIDS.contentType, oid(OIDS.data)),
    attribute(OIDS.messageDigest, octets(digest)),
    attribute(OIDS.signingCertificateV2, signingCertificateV2(cert)),
    ...(policy === 'icp-brasil-ad-rb' ? [attribute(OIDS.signaturePolicyId, signaturePolicyId())] : []),
  ]);
  // SHA-2 digest AlgorithmIdentifiers with absent parameters (RFC 5754 §2 MUST); RSA keeps NULL.
  // The signature covers the attributes' SET encoding; the SignerInfo keeps them as [0] IMPLICIT.
  // RSASSA-PKCS1-v1_5 / SHA-256 with Node's OpenSSL: forge's pure-JS RSA costs ~100 ms a signature.
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  const signature = rsaSign('sha256', Buffer.from(der(attrs), 'binary'), privateKey).toString('binary');
  const signedAttrs = asn1.create(C.CONTEXT_SPECIFIC, 0, true, attrs.value as forge.asn1.Asn1[]);

  const signerInfo = seq([
    int(1),
    issuerAndSerial(cert),
    algorithm(OIDS.sha256, false),
    signedAttrs,
    algorithm(OIDS.sha256WithRSA),
    octets(signature),
  ]);
  const certificates = asn1.create(
    C.CONTEXT_SPECIFIC,
    0,
    true,
    [cert, ...chain].map((c) => forge.pki.certificateToAsn1(c)),
  );
  const signedData = seq([int(1), set([algorithm(OIDS.sha256, false)]), seq([oid(OIDS.data)]), certificates, set([signerInfo])]);
  const contentInfo = seq([oid(OIDS.signedData), asn1.create(C.CONTEXT_SPECIFIC, 0, true, [signedData])]);
  return Buffer.from(der(contentInfo), 'binary');
}

/** The @signpdf signer that writes our CAdES CMS into the placeholder. */
export class CadesSigner extends Signer {
  constructor(
    private readonly key: forge.pki.rsa.PrivateKey,
    private readonly cert: forge.pki.Certificate,
    private readonly chain: forge.pki.Certificate[],
    private readonly policy: SignaturePolicy,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetached(pdfBuffer, this.key, this.cert, this.chain, this.policy);
  }
}
