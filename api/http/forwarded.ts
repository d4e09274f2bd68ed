/**
 * Who the client is (issue 12): X-Forwarded-For/-Proto/-Host are the client's own words
 * unless they come from a proxy we trust (TRUST_PROXY). Without that, rotating the header
 * would defeat the login limits and write made-up addresses into the audit log.
 */
import { isIP } from 'node:net';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { type TrustProxy, trustedRanges } from '../../config/trust-proxy';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/** '1.2.3.4:5678' and '[::1]:5678' as plain addresses; '::ffff:1.2.3.4' as IPv4. */
export function plainAddress(entry: string): string {
  let a = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * Sets Koa's proxy mode for the setting and returns the middleware that fixes `ctx.ip` (and,
 * for a peer that is not a trusted proxy, removes the forwarded headers before anyone reads them).
 */
export function forwardedFor(app: Koa, trust: TrustProxy): Middleware {
  app.proxy = trust.kind !== 'off';
  if (trust.kind === 'off') return (_ctx, next) => next();

  const chainOf = (header: string) =>
    header
      .split(',')
      .map(plainAddress)
      .filter((a) => a !== '');

  if (trust.kind === 'hops') {
    return async (ctx, next) => {
      const chain = chainOf(ctx.get('x-forwarded-for'));
      const peer = plainAddress(ctx.req.socket.remoteAddress ?? '');
      ctx.request.ip = chain.length ? chain[Math.max(0, chain.length - trust.hops)]! : peer;
      await next();
    };
  }

  const ranges = trustedRanges(trust.ranges);
  const trusted = (address: string) => {
    const family = isIP(address);
    return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
  return async (ctx, next) => {
    const peer = plainAddress(ctx.req.socket.remoteAddress ?? '');
    if (!trusted(peer)) {
      for (const h of FORWARDED) delete ctx.req.headers[h];
      ctx.request.ip = peer;
    } else {
      // Each proxy appends the address it was reached from: walk back past our own proxies.
      const chain = chainOf(ctx.get('x-forwarded-for'));
      let client = peer;
      for (let i = chain.length - 1; i >= 0; i--) {
        client = chain[i]!;
        if (!trusted(client)) break;
      }
      ctx.request.ip = client;
    }
    await next();
  };
}
