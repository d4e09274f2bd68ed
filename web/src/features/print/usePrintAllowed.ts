import { useQuery } from '@tanstack/react-query';
import { fetchAccountPrintSettings } from './api';

/**
 * Whether the account lets its users print study images (ALLOW_PRINT_ON_DEMAND, ADR 007).
 * The print buttons stay hidden until this is known, so they never flash on then off.
 */
export function usePrintAllowed(accountId: string | null | undefined): boolean {
  const settings = useQuery({
    queryKey: ['account-print-settings', accountId],
    queryFn: ({ signal }) => fetchAccountPrintSettings(accountId!, signal),
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
  });
  return settings.data?.printOnDemand === true;
}
