import type Router from '@koa/router';
import { SESSION_REQUIRED } from '../auth/session';

/** One operation of the api: its method, its router path (under /api) and whether it needs a session. */
export interface RouteOperation {
  method: string;
  path: string;
  session: boolean;
}

type Layer = Router['stack'][number];

const marksSession = (layer: Layer) =>
  layer.stack.some((fn) => (fn as unknown as Record<symbol, unknown>)[SESSION_REQUIRED] === true);

/**
 * Every operation of the routers, walked layer by layer (HEAD mirrors GET). A route needs a
 * session when requireSession is in its own chain or in a `router.use` of its router whose
 * path covers it (a router's middleware runs only for that router's matched routes).
 */
export function routeOperations(routers: Router[]): RouteOperation[] {
  const ops: RouteOperation[] = [];
  const seen = new Set<string>();
  for (const router of routers) {
    const guards = router.stack.filter((l) => l.methods.length === 0 && marksSession(l));
    for (const layer of router.stack)
      for (const method of layer.methods) {
        const key = `${method} ${String(layer.path)}`;
        // The first router that matches answers: a later duplicate is unreachable.
        if (method === 'HEAD' || seen.has(key)) continue;
        seen.add(key);
        const path = String(layer.path);
        ops.push({ method, path, session: marksSession(layer) || guards.some((g) => g.match(path)) });
      }
  }
  return ops;
}
