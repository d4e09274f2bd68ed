/**
 * The structured form in place of the rich text when the report is OIT or SISMAMA: loads
 * the model's fields and the study's values, saves each change (its own saving/ok/error
 * status), and validates before finish with the domain's rules, listing each message.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import type { Lang } from '../../../../domain/errors';
import type { FieldValue, StructuredModel } from '../../../../domain/structured/fields';
import { problemMessage, validateForm } from '../../../../domain/structured/validate';
import { fetchStructuredFields, fetchStructuredValues, saveStructuredValue, structuredKeys } from './api';
import { InvalidFieldsDialog } from './InvalidFieldsDialog';
import { StructuredFieldView } from './StructuredFields';
import { type StructuredSaveStatus, useStructuredAutosave } from './use-structured-autosave';

export interface StructuredEditorHandle {
  /** Validates, then sends pending changes: true when the form may be finished or previewed. */
  validateForFinish: () => Promise<boolean>;
}

function StatusLine({ status }: { status: StructuredSaveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return <span data-testid="structured-status" data-status="idle" />;
  const icon = {
    saving: <CloudSyncOutlinedIcon fontSize="inherit" />,
    saved: <CloudDoneOutlinedIcon fontSize="inherit" />,
    error: <CloudOffOutlinedIcon fontSize="inherit" />,
  }[status];
  return (
    <Typography
      variant="caption"
      role="status"
      data-testid="structured-status"
      data-status={status}
      color={status === 'error' ? 'error' : status === 'saved' ? 'success.main' : 'text.secondary'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {icon}
      {t(`structured.status.${status}`)}
    </Typography>
  );
}

const asLang = (l: string): Lang => (l === 'en' || l === 'es' ? l : 'pt-BR');

export const StructuredEditor = forwardRef<
  StructuredEditorHandle,
  { studyId: string; model: StructuredModel; editable: boolean }
>(function StructuredEditor({ studyId, model, editable }, ref) {
  const { t, i18n } = useTranslation();
  const fields = useQuery({
    queryKey: structuredKeys.fields(model),
    queryFn: ({ signal }) => fetchStructuredFields(model, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const stored = useQuery({
    queryKey: structuredKeys.values(studyId),
    queryFn: ({ signal }) => fetchStructuredValues(studyId, signal),
    staleTime: 0,
  });
  const [values, setValues] = useState<Map<string, FieldValue> | null>(null);
  useEffect(() => {
    if (stored.data && values === null) setValues(new Map(stored.data.map((v) => [v.fieldId, v.value])));
  }, [stored.data, values]);

  const save = useCallback((fieldId: string, value: FieldValue) => saveStructuredValue(studyId, fieldId, value), [studyId]);
  const autosave = useStructuredAutosave(save);
  const [problems, setProblems] = useState<string[] | null>(null);

  const onChange = useCallback(
    (fieldId: string, value: FieldValue) => {
      setValues((prev) => new Map(prev ?? []).set(fieldId, value));
      autosave.change(fieldId, value);
    },
    [autosave],
  );

  const list = useMemo(
    () => [...(values ?? new Map<string, FieldValue>()).entries()].map(([fieldId, value]) => ({ fieldId, value })),
    [values],
  );
  useImperativeHandle(
    ref,
    () => ({
      validateForFinish: async () => {
        if (!fields.data) return false;
        const found = validateForm(fields.data, list);
        if (found.length > 0) {
          setProblems(found.map((p) => problemMessage(p, asLang(i18n.language))));
          return false;
        }
        return autosave.flush();
      },
    }),
    [fields.data, list, autosave, i18n.language],
  );

  if (fields.isError || stored.isError) return <Alert severity="error">{t('structured.loadError')}</Alert>;
  if (!fields.data || values === null) {
    return (
      <Box sx={{ p: 3 }} aria-busy>
        <Skeleton width="50%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
      </Box>
    );
  }
  return (
    <Box data-testid="structured-form" data-model={model}>
      <Stack spacing={2} sx={{ p: 2 }}>
        {!editable && <Alert severity="info">{t('structured.readOnly', { model })}</Alert>}
        {fields.data.map((f) => (
          <StructuredFieldView key={f.id} field={f} values={values} editable={editable} onChange={onChange} />
        ))}
      </Stack>
      {editable && (
        <Box sx={{ px: 2, py: 0.75, borderTop: 1, borderColor: 'divider', minHeight: 36 }}>
          <StatusLine status={autosave.status} />
        </Box>
      )}
      <InvalidFieldsDialog messages={problems} onClose={() => setProblems(null)} />
    </Box>
  );
});
