import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '../../../../domain/auth/schemas';
import type { PendingSession } from '../../../../domain/auth/two-factor';
import { clearTwoFactorVerified } from '../two-factor/verification';
import { onSessionEnded } from '../../lib/api';
import { describeError, SESSION_ENDING_CODES, toApiError, isAbort } from '../../lib/errors';
import i18n from '../../i18n';
import { notify } from '../../app/notifications/store';
import { clearImageToken } from '../../lib/image-token';
import { clearAllLocalDrafts } from '../report/editor/local-drafts';
import { closeLive, onLiveResync } from '../../lib/live';
import { clearToken, getToken, sessionExpired, setToken, TOKEN_STORAGE_KEY } from '../../lib/token';
import * as authApi from './api';

/**
 * The session (spec 3 §4): none, a stored token being revalidated, or authenticated.
 * 'unreachable' means the stored token could not be checked (network): the user may retry.
 */
export type SessionState =
  | { status: 'checking' }
  /** loggedOut: the user chose to leave; expired: the session ran out (the login page says so). */
  | { status: 'anonymous'; loggedOut?: boolean; expired?: boolean }
  | { status: 'unreachable' }
  /** A password opened it; the second factor (or the enrolment the account requires) is due. */
  | { status: 'second-factor'; pending: PendingSession }
  | { status: 'authenticated'; data: SessionData };

export interface SessionActions {
  login: (username: string, password: string) => Promise<SessionData | PendingSession>;
  changeAccount: (accountId: string) => Promise<SessionData>;
  logout: () => Promise<void>;
  revalidate: () => void;
}

export type Session = SessionState & SessionActions;

const SessionContext = createContext<Session | null>(null);

/**
 * An access link's token in the URL (?access=…, spec 3 §4 step 2): taken out of the address bar
 * at once (history.replaceState, so it stays in no history entry), then exchanged once for a
 * session of its own (api/auth/access-links.ts).
 */
function takeAccessToken(): string | null {
  const url = new URL(window.location.href);
  const access = url.searchParams.get('access');
  if (!access) return null;
  url.searchParams.delete('access');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return access;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [accessToken] = useState(takeAccessToken);
  // A page opened or reloaded after the session expired (here or in another window) still says
  // why on the login page, until the next sign-in clears the mark (lib/token.ts).
  const [state, setState] = useState<SessionState>(() =>
    accessToken || getToken() ? { status: 'checking' } : { status: 'anonymous', expired: sessionExpired() || undefined },
  );
  const accessTokenUsed = useRef(false);
  const [attempt, setAttempt] = useState(0);

  const endSession = useCallback(
    (how: { loggedOut?: boolean; expired?: boolean } = {}) => {
      if (how.expired && getToken()) {
        // Spec 3 §4: the expiry is reported to the server on the way out (with the token that expired).
        void authApi.reportExpiredSession().catch(() => undefined);
      }
      clearToken(how.expired ? 'expired' : undefined);
      clearTwoFactorVerified();
      closeLive();
      clearImageToken();
      // A shared reading-room workstation keeps no report text of the doctor who left (issue 23).
      void clearAllLocalDrafts();
      queryClient.clear();
      setState({ status: 'anonymous', loggedOut: how.loggedOut, expired: how.expired });
    },
    [queryClient],
  );

  const accept = useCallback((data: SessionData | PendingSession) => {
    setToken(data.accessToken);
    setState('secondFactor' in data ? { status: 'second-factor', pending: data } : { status: 'authenticated', data });
  }, []);

  // Any answer with INVALID_SESSION / EXPIRED_TOKEN ends the session.
  useEffect(() => {
    onSessionEnded((code) => endSession({ expired: code === 'EXPIRED_TOKEN' }));
    return () => onSessionEnded(null);
  }, [endSession]);

  // The live connection came back or was refused a topic: the user's access may have changed
  // (roles, a shift's end), so the session's institutions are read again, quietly (once per burst).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLiveResync(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!getToken()) return;
        authApi.fetchSession().then(
          (data) => {
            if ('secondFactor' in data) return;
            setState((prev) => (prev.status === 'authenticated' ? { status: 'authenticated', data } : prev));
          },
          () => undefined, // an ended session is handled by apiRequest; a network error waits for the next one
        );
      }, 250);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  // Logging out (or finding the session expired) in another tab or frame ends it here too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_STORAGE_KEY && e.newValue === null)
        endSession({ loggedOut: !sessionExpired(), expired: sessionExpired() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [endSession]);

  // Revalidation of a stored token (GET /api/auth).
  const checking = state.status === 'checking';
  useEffect(() => {
    if (!checking) return undefined;
    if (accessToken && !accessTokenUsed.current) {
      // Used once, whatever the answer (StrictMode's second effect run must not send it again).
      accessTokenUsed.current = true;
      authApi.exchangeAccessToken(accessToken).then(accept, (err: unknown) => {
        notify(
          describeError(err, (key) => i18n.t(key)),
          'warning',
        );
        if (getToken())
          setAttempt((n) => n + 1); // the stored session, if any, is checked instead
        else setState({ status: 'anonymous' });
      });
      return undefined;
    }
    const controller = new AbortController();
    // The whole signed-in page renders after this answer: at transition priority, in slices the
    // browser can interrupt, rather than one long task (issue 24); the spinner stays meanwhile.
    const acceptChecked = (data: SessionData | PendingSession) => startTransition(() => accept(data));
    authApi.fetchSession(controller.signal).then(acceptChecked, (err: unknown) => {
      if (isAbort(err) || controller.signal.aborted) return;
      const e = toApiError(err);
      if (SESSION_ENDING_CODES.has(e.code) || e.status === 401 || e.status === 403)
        endSession({ expired: e.code === 'EXPIRED_TOKEN' });
      else setState({ status: 'unreachable' });
    });
    return () => controller.abort();
  }, [checking, attempt, accept, endSession, accessToken]);

  const login = useCallback(
    async (username: string, password: string) => {
      const data = await authApi.login(username, password);
      queryClient.removeQueries();
      accept(data);
      return data;
    },
    [accept, queryClient],
  );

  const changeAccount = useCallback(
    async (accountId: string) => {
      const data = await authApi.changeAccount(accountId);
      accept(data);
      // Everything cached belonged to the previous account.
      void queryClient.resetQueries();
      return data;
    },
    [accept, queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // the session ends here regardless
    }
    endSession({ loggedOut: true });
  }, [endSession]);

  const revalidate = useCallback(() => {
    if (!getToken()) {
      setState({ status: 'anonymous' });
      return;
    }
    setState({ status: 'checking' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<Session>(
    () => ({ ...state, login, changeAccount, logout, revalidate }),
    [state, login, changeAccount, logout, revalidate],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The authenticated session's data; only inside routes guarded by RequireSession. */
export function useSessionData(): SessionData {
  const session = useSession();
  if (session.status !== 'authenticated') throw new Error('useSessionData without a session');
  return session.data;
}
