/**
 * Who an ICP-Brasil certificate belongs to (DOC-ICP-04 §7.1.2.3): a person's certificate
 * carries, in its subjectAltName, the otherName 2.16.76.1.3.1 whose value is the holder's
 * birth date (ddmmaaaa), CPF (11), NIS (11), RG (15) and the RG's issuer and UF (6). The CPF
 * there — not the name in the CN — is what matches a certificate to a user.
 */
import forge from 'node-forge';

export const OID_ICP_PERSON_DATA = '2.16.76.1.3.1';

export interface IcpPersonData {
  /** ddmmaaaa as written (zeros when not given). */
  birthDate: string;
  cpf: string;
  nis: string;
  rg: string;
  rgIssuer: string;
}

const { asn1 } = forge;

/** The string inside an otherName value, whichever string or OCTET STRING type the CA used. */
function stringOf(node: forge.asn1.Asn1): string | null {
  if (typeof node.value === 'string') return node.value;
  const inner = (node.value as forge.asn1.Asn1[])[0];
  return inner ? stringOf(inner) : null;
}

/** The otherName values of the certificate's subjectAltName, by type OID. */
export function otherNames(cert: forge.pki.Certificate): Map<string, string> {
  const out = new Map<string, string>();
  const ext = cert.getExtension('subjectAltName') as { value?: string } | null;
  if (!ext?.value) return out;
  let names: forge.asn1.Asn1;
  try {
    names = asn1.fromDer(ext.value);
  } catch {
    return out;
  }
  for (const name of (names.value as forge.asn1.Asn1[]) ?? []) {
    if (name.tagClass !== asn1.Class.CONTEXT_SPECIFIC || name.type !== 0 || !Array.isArray(name.value)) continue;
    const [typeId, value] = name.value;
    if (!typeId || typeId.type !== asn1.Type.OID || !value) continue;
    const text = stringOf(value);
    if (text !== null) out.set(asn1.derToOid(typeId.value as string), text);
  }
  return out;
}

/** The holder's data, or null when the certificate does not carry a well-formed 2.16.76.1.3.1. */
export function icpPersonData(cert: forge.pki.Certificate): IcpPersonData | null {
  const raw = otherNames(cert).get(OID_ICP_PERSON_DATA);
  if (!raw) return null;
  // Fixed positions; some CAs shorten the trailing fields, so only date and CPF are required.
  const m = /^(\d{8})(\d{11})([\s\S]*)$/.exec(raw);
  if (!m) return null;
  const rest = m[3]!;
  return {
    birthDate: m[1]!,
    cpf: m[2]!,
    nis: rest.slice(0, 11).trim(),
    rg: rest.slice(11, 26).trim(),
    rgIssuer: rest.slice(26).trim(),
  };
}
