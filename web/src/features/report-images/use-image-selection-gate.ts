import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shouldOfferImageSelection } from '../../../../domain/report-images/report-images';
import { useSessionData } from '../auth/session';
import { fetchSeriesPreview } from './api';
import { reportImagesKeys } from './query-keys';

/**
 * Whether finishing goes through 'Selecionar Imagens' (spec 2 §2): not when the user set
 * DISABLE_LAUDO_IMAGE_SELECTOR, nor for a study without images. A failed look-up never
 * blocks finishing: the report is finished without the dialog.
 */
export function useImageSelectionGate(studyId: string): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const { userConfig } = useSessionData();
  return useCallback(async () => {
    if (!shouldOfferImageSelection(userConfig, 1)) return false;
    try {
      const series = await queryClient.fetchQuery({
        queryKey: reportImagesKeys.series(studyId),
        queryFn: () => fetchSeriesPreview(studyId),
        staleTime: 60_000,
      });
      return shouldOfferImageSelection(
        userConfig,
        series.reduce((n, s) => n + s.instances.length, 0),
      );
    } catch {
      return false;
    }
  }, [queryClient, userConfig, studyId]);
}
