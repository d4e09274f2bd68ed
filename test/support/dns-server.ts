/**
 * A DNS server on loopback answering A queries from a table that may change while it runs:
 * stands in for Docker's embedded DNS (one name, one address per replica) in the proxy test.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface DnsServer {
  readonly port: number;
  /** Sets the addresses a name resolves to (a name never set: NXDOMAIN). */
  answer(name: string, addresses: string[]): void;
  /** Queries seen per name. */
  queries(name: string): number;
  stop(): Promise<void>;
}

const TYPE_A = 1;

/** The question's labels as a dotted name, and the offset just past QTYPE and QCLASS. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let i = 12;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

export async function startDnsServer(ttlSeconds = 1): Promise<DnsServer> {
  const table = new Map<string, string[]>();
  const seen = new Map<string, number>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 17) return;
    const q = readQuestion(msg);
    seen.set(q.name, (seen.get(q.name) ?? 0) + 1);
    const addresses = q.type === TYPE_A ? (table.get(q.name) ?? []) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    // Response, recursion desired and available; NXDOMAIN for a name not in the table.
    header.writeUInt16BE(0x8180 | (table.has(q.name) ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const answers = addresses.map((a) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(TYPE_A, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(ttlSeconds, 6);
      rr.writeUInt16BE(4, 10);
      a.split('.').forEach((octet, k) => rr.writeUInt8(Number(octet), 12 + k));
      return rr;
    });
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (socket.address() as AddressInfo).port,
    answer: (name, addresses) => void table.set(name.toLowerCase(), addresses),
    queries: (name) => seen.get(name.toLowerCase()) ?? 0,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
