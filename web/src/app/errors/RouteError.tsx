import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from '../NotFoundPage';
import { CrashFallback } from './CrashFallback';
import { ModuleLoadError } from './lazy-retry';
import { reportCrash } from './report-crash';

/**
 * The routes' error element: a page whose code would not load (after its retries) shows the
 * connection message; any other crash of a page (the viewer's included) is reported once —
 * toast and error tracker — and replaced by the fallback.
 */
export function RouteError() {
  const error = useRouteError();
  const moduleLoad = error instanceof ModuleLoadError;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (moduleLoad || notFound || reported.current === error) return;
    reported.current = error;
    reportCrash(error);
  }, [error, moduleLoad, notFound]);
  if (notFound) return <NotFoundPage />;
  return <CrashFallback moduleLoad={moduleLoad} />;
}
