import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `ask()` holds (read at the moment of leaving), closing or reloading the tab raises the
 * browser's own question, and an in-app navigation is held: the caller shows 'Deseja mesmo sair
 * do site?' and proceeds or stays. `ask` must be stable.
 */
export function useLeaveGuard(ask: () => boolean) {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!ask()) return;
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs it set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [ask]);
  return useBlocker(ask);
}
