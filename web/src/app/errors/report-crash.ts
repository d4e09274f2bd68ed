/**
 * A component crash (spec 3 §8): a dismissible error toast, and the error sent to the error
 * tracker (POST /errorTracker, which takes a session: without one nothing is sent).
 */
import i18n from '../../i18n';
import { apiRequest } from '../../lib/api';
import { getToken } from '../../lib/token';
import { toast } from '../notifications/store';

export const CRASH_SUBTYPE = 'COMPONENT_CRASH';

export function reportCrash(error: unknown, componentStack?: string | null): void {
  toast(i18n.t('crash.toast'), 'error');
  if (!getToken()) return;
  const e = error instanceof Error ? error : new Error(String(error));
  const content = {
    message: e.message.slice(0, 2000),
    name: e.name,
    stack: (e.stack ?? '').slice(0, 6000),
    componentStack: (componentStack ?? '').slice(0, 4000),
    url: window.location.pathname,
  };
  apiRequest('/errorTracker', {
    method: 'POST',
    body: { subType: CRASH_SUBTYPE, user: null, content },
    endSessionOnAuthError: false,
  }).catch(() => undefined); // the tracker being down must not add a second error
}
