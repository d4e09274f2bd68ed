/**
 * TRUST_PROXY: which peers are proxies whose X-Forwarded-* headers tell who the client is.
 * Pure parsing here; api/http/forwarded.ts applies it to each request.
 */
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  | { kind: 'off' }
  /** This many proxies always stand in front: the client is that many entries from the right. */
  | { kind: 'hops'; hops: number }
  /** Peers in these ranges are proxies; the client is the first untrusted address from the right. */
  | { kind: 'list'; ranges: string[] };

/** The setting, or a message saying what is wrong with it. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'off' || v === 'false' || v === '0') return { kind: 'off' };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Number(v) };
  const ranges = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ranges.filter((r) => !isRange(r));
  if (bad.length) return `not a hop count or a list of addresses/CIDRs: ${bad.join(', ')}`;
  return { kind: 'list', ranges };
}

function isRange(r: string): boolean {
  const [addr, bits, ...rest] = r.split('/');
  if (rest.length || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A BlockList holding the ranges (IPv4 ranges also match IPv4-mapped IPv6 peers). */
export function trustedRanges(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const r of ranges) {
    const [addr, bits] = r.split('/') as [string, string | undefined];
    const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}
