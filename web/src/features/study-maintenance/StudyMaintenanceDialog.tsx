import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { INVALIDATION_REASON_MAX } from '../../../../domain/studies/maintenance';
import { storageState } from '../../../../domain/imaging/storage-class';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { reportKeys } from '../report/query-keys';
import {
  EXAM_STATUSES,
  type ExamStatus,
  type HistoryEntry,
  duplicateStudy,
  fetchHistory,
  invalidateStudy,
  maintenanceKeys,
  retrieveArchived,
  setExamStatus,
} from './api';

type TabKey = 'status' | 'invalidate' | 'duplicate' | 'study' | 'patient';

/** A history line's detail in words: the status change, the reason, the images moved; ids left out. */
function detailText(e: HistoryEntry, t: TFunction): string {
  const d = e.detail;
  const status = (v: unknown) => (typeof v === 'string' ? t(`studyMaintenance.examStatus.${v}`, { defaultValue: v }) : '—');
  if (e.action === 'study.examStatus') return `${status(d.from)} → ${status(d.to)}`;
  if (e.action === 'study.merge' || e.action === 'study.split')
    return t('studyMaintenance.movedInstances', { count: Number(d.movedInstances ?? 0) });
  // The orchestrator's decision (issue 18): to whom, by which filter, the share against its target.
  if (e.action === 'orchestrator.assigned' || e.action === 'orchestrator.undistributed') {
    const share = (d.share ?? null) as { actual: number; target: number } | null;
    const reason = t(`orchestrator.reasons.${String(d.reason) as 'share'}`, { defaultValue: String(d.reason) });
    if (e.action === 'orchestrator.undistributed') return t('orchestrator.historyUndistributed', { filter: d.filterName, reason });
    return t('orchestrator.historyLine', {
      name: d.userName,
      filter: d.filterName,
      actual: share?.actual ?? 0,
      target: share?.target ?? 0,
      reason,
    });
  }
  return Object.entries(d)
    .filter(([k, v]) => !/Ids?$/.test(k) && v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');
}

/** Every change to the study (or to every study of its patient): what, who and when. */
function HistoryList({ studyId, scope }: { studyId: string; scope: 'study' | 'patient' }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: maintenanceKeys.history(studyId, scope),
    queryFn: ({ signal }) => fetchHistory(studyId, scope, signal),
  });
  if (q.isPending) return <Skeleton variant="rounded" height={96} />;
  if (q.isError) return <Alert severity="error">{describeError(q.error, t)}</Alert>;
  if (q.data.length === 0)
    return (
      <Typography color="text.secondary" data-testid={`history-empty-${scope}`}>
        {t('studyMaintenance.historyEmpty')}
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={`history-${scope}`}>
      {q.data.map((e) => {
        const detail = detailText(e, t);
        return (
          <li key={e.id}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t(`audit.action.${e.action.replace(/[.-]/g, '_')}`, { defaultValue: e.action })}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {[new Date(e.at).toLocaleString(i18n.language), e.userName ?? t('studyMaintenance.platform'), detail]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </li>
        );
      })}
    </Stack>
  );
}

/**
 * Maintenance of one study from the list: its exam status (confirmed before it changes), its
 * invalidation with a reason, and the study and patient history tabs.
 */
export function StudyMaintenanceDialog({
  study,
  onClose,
  onInvalidated,
}: {
  study: StudyListItem;
  onClose: () => void;
  /** The study page leaves: an invalidated study is no longer reachable there. */
  onInvalidated?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('status');
  const [status, setStatus] = useState<ExamStatus | ''>(study.examStatus ?? '');
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = (message: string) => {
    notify(message, 'success');
    void queryClient.invalidateQueries({ queryKey: ['studies'] });
    void queryClient.invalidateQueries({ queryKey: reportKeys.study(study.id) });
    onClose();
  };
  const changeStatus = useMutation({
    mutationFn: () => setExamStatus(study.id, status as ExamStatus),
    meta: { silent: true },
    onSuccess: () => done(t('studyMaintenance.examStatusChanged')),
    onError: (err) => {
      setConfirming(false);
      setError(describeError(err, t));
    },
  });
  const invalidate = useMutation({
    mutationFn: () => invalidateStudy(study.id, reason.trim()),
    meta: { silent: true },
    onSuccess: () => {
      done(t('studyMaintenance.invalidated'));
      onInvalidated?.();
    },
    onError: (err) => {
      setConfirming(false);
      setError(describeError(err, t));
    },
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateStudy(study.id),
    meta: { silent: true },
    onSuccess: () => done(t('studyMaintenance.duplicated')),
    onError: (err) => {
      setConfirming(false);
      setError(describeError(err, t));
    },
  });
  const apply = { status: changeStatus, invalidate, duplicate } as const;
  const archived = storageState(study.storageClass) === 'archived';
  const retrieve = useMutation({
    mutationFn: () => retrieveArchived(study.id),
    meta: { silent: true },
    onSuccess: () => done(t('studyMaintenance.retrieved')),
    onError: (err) => setError(describeError(err, t)),
  });
  const switchTab = (v: TabKey) => {
    setTab(v);
    setConfirming(false);
    setError(null);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="study-maintenance-dialog">
      <DialogTitle>{t('studyMaintenance.dialogTitle', { name: study.patientName })}</DialogTitle>
      <Tabs value={tab} onChange={(_e, v: TabKey) => switchTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 2 }}>
        <Tab value="status" label={t('studyMaintenance.tabs.status')} data-testid="maintenance-tab-status" />
        <Tab value="invalidate" label={t('studyMaintenance.tabs.invalidate')} data-testid="maintenance-tab-invalidate" />
        <Tab value="duplicate" label={t('studyMaintenance.tabs.duplicate')} data-testid="maintenance-tab-duplicate" />
        <Tab value="study" label={t('studyMaintenance.tabs.studyHistory')} data-testid="maintenance-tab-study" />
        <Tab value="patient" label={t('studyMaintenance.tabs.patientHistory')} data-testid="maintenance-tab-patient" />
      </Tabs>
      <DialogContent sx={{ minHeight: 220 }}>
        {tab === 'status' && archived && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                disabled={retrieve.isPending}
                onClick={() => retrieve.mutate()}
                data-testid="retrieve-archived"
              >
                {t('studyMaintenance.retrieve')}
              </Button>
            }
          >
            {t('studyMaintenance.archived')}
          </Alert>
        )}
        {tab === 'status' && (
          <RadioGroup
            value={status}
            onChange={(e) => setStatus(e.target.value as ExamStatus)}
            aria-label={t('studyMaintenance.tabs.status')}
          >
            {EXAM_STATUSES.map((s) => (
              <FormControlLabel
                key={s}
                value={s}
                control={<Radio />}
                label={t(`studyMaintenance.examStatus.${s}`)}
                data-testid={`exam-status-${s}`}
              />
            ))}
          </RadioGroup>
        )}
        {tab === 'invalidate' && (
          <Stack spacing={2}>
            <Typography variant="body2">{t('studyMaintenance.invalidateHint')}</Typography>
            <TextField
              label={t('studyMaintenance.reason')}
              value={reason}
              required
              multiline
              minRows={2}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: INVALIDATION_REASON_MAX, 'data-testid': 'invalidate-reason' } }}
            />
          </Stack>
        )}
        {tab === 'duplicate' && <Typography variant="body2">{t('studyMaintenance.duplicateHint')}</Typography>}
        {tab === 'study' && <HistoryList studyId={study.id} scope="study" />}
        {tab === 'patient' && <HistoryList studyId={study.id} scope="patient" />}
        {confirming && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="maintenance-confirm">
            {tab === 'status'
              ? t('studyMaintenance.confirmStatus', { status: status ? t(`studyMaintenance.examStatus.${status}`) : '' })
              : tab === 'invalidate'
                ? t('studyMaintenance.confirmInvalidate')
                : t('studyMaintenance.confirmDuplicate')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('studyMaintenance.close')}</Button>
        {(tab === 'status' || tab === 'invalidate' || tab === 'duplicate') &&
          (confirming ? (
            <Button
              variant="contained"
              color={tab === 'invalidate' ? 'error' : 'primary'}
              disabled={apply[tab].isPending}
              onClick={() => apply[tab].mutate()}
              data-testid="maintenance-confirm-yes"
            >
              {t('studyMaintenance.confirm')}
            </Button>
          ) : (
            <Button
              variant="contained"
              color={tab === 'invalidate' ? 'error' : 'primary'}
              disabled={tab === 'status' ? !status || status === study.examStatus : tab === 'invalidate' ? !reason.trim() : false}
              onClick={() => setConfirming(true)}
              data-testid="maintenance-apply"
            >
              {t(
                tab === 'status'
                  ? 'studyMaintenance.changeStatus'
                  : tab === 'invalidate'
                    ? 'studyMaintenance.invalidate'
                    : 'studyMaintenance.duplicate',
              )}
            </Button>
          ))}
      </DialogActions>
    </Dialog>
  );
}
