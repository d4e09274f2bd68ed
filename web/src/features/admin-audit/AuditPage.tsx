/**
 * The audit log of the current account (/admin/audit, account administrators and the super
 * role): who read, downloaded or changed which patient's data and which report transition
 * happened. Filters by person, kind of action, patient and days; newest first, one keyset page
 * at a time; the same filters export as CSV.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { PageHeader } from '../../app/PageHeader';
import { notify } from '../../app/notifications/store';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { type AuditFilters, type AuditRow, auditKeys, downloadAuditCsv, fetchAuditPage, fetchAuditUsers } from './api';
import { AuditRowDetail, actionLabel } from './audit-labels';
import { dayBound } from './day-filter';

/** Kinds of action the filter offers: prefixes of the action codes. */
const ACTION_PREFIXES = [
  ['study.', 'audit.kind.study'],
  ['report.', 'audit.kind.report'],
  ['laudo.', 'audit.kind.laudo'],
  ['auth.', 'audit.kind.auth'],
  ['account.', 'audit.kind.account'],
  ['profile.', 'audit.kind.profile'],
  ['audit.', 'audit.kind.audit'],
] as const;

export function AuditPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const account = currentAccount(session);
  if (!account || !(account.isAdmin || session.superRole))
    return (
      <Alert severity="warning" data-testid="audit-forbidden">
        {t('audit.adminsOnly')}
      </Alert>
    );
  return <AuditLog accountId={account.id} />;
}

function AuditLog({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const [patient, setPatient] = useState('');
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const [exporting, setExporting] = useState(false);
  const studyId = params.get('studyId') ?? '';

  const from = fromText ? dayBound(fromText, i18n.language, 'from') : '';
  const to = toText ? dayBound(toText, i18n.language, 'to') : '';
  const filters: AuditFilters = useMemo(
    () => ({
      userId: userId || undefined,
      action: action || undefined,
      patient: patient.trim().length >= 2 ? patient.trim() : undefined,
      studyId: studyId || undefined,
      from: from || undefined,
      to: to || undefined,
    }),
    [userId, action, patient, studyId, from, to],
  );

  const users = useQuery({ queryKey: auditKeys.users(accountId), queryFn: ({ signal }) => fetchAuditUsers(signal) });
  const log = useInfiniteQuery({
    queryKey: auditKeys.list(accountId, filters),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: from !== null && to !== null,
  });
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (err) {
      notify(describeError(err, t), 'error');
    } finally {
      setExporting(false);
    }
  };

  const dayHelp = t('audit.filters.dayFormat');
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title={t('audit.title')} intro={t('audit.intro')} icon={<ManageSearchOutlined />} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          data-testid="audit-filters"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' } }}
        >
          <TextField
            select
            label={t('audit.filters.user')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-user' } }}
          >
            <MenuItem value="">{t('audit.filters.anyone')}</MenuItem>
            {(users.data ?? []).map((u) => (
              <MenuItem key={u.id} value={u.id} data-testid={`audit-user-${u.username}`}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('audit.filters.action')}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-action' } }}
          >
            <MenuItem value="">{t('audit.filters.anyAction')}</MenuItem>
            {ACTION_PREFIXES.map(([prefix, label]) => (
              <MenuItem key={prefix} value={prefix}>
                {t(label)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('audit.filters.patient')}
            value={patient}
            onChange={(e) => setPatient(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-patient', maxLength: 200 } }}
          />
          <TextField
            label={t('audit.filters.from')}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
            error={from === null}
            helperText={dayHelp}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-from', inputMode: 'numeric', maxLength: 10 } }}
          />
          <TextField
            label={t('audit.filters.to')}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
            error={to === null}
            helperText={dayHelp}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-to', inputMode: 'numeric', maxLength: 10 } }}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {studyId && (
            <Chip
              data-testid="audit-filter-study"
              label={t('audit.filters.study')}
              onDelete={() => {
                params.delete('studyId');
                setParams(params);
              }}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportCsv()}
            disabled={exporting || from === null || to === null}
            data-testid="audit-export"
          >
            {t('audit.export')}
          </Button>
        </Stack>
      </Paper>

      {log.isError && <Alert severity="error">{describeError(log.error, t)}</Alert>}
      {log.isPending && log.fetchStatus !== 'idle' ? (
        <Stack spacing={1} data-testid="audit-loading">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : rows.length === 0 && !log.isError ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="audit-empty">
          <Typography color="text.secondary">{t('audit.empty')}</Typography>
        </Paper>
      ) : (
        <AuditTable rows={rows} />
      )}
      {log.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} data-testid="audit-more">
            {log.isFetchingNextPage ? t('audit.loadingMore') : t('audit.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width:900px)');
  return (
    // A table to assistive technology (WCAG 1.3.1): rows of cells under the column headers.
    <Paper variant="outlined" data-testid="audit-table" role="table" aria-label={t('audit.title')}>
      {wide && (
        <Box sx={{ ...ROW_GRID, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} role="row">
          {(['when', 'who', 'action', 'patient', 'detail'] as const).map((c) => (
            <Typography key={c} variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} role="columnheader">
              {t(`audit.columns.${c}`)}
            </Typography>
          ))}
        </Box>
      )}
      {rows.map((r) => (
        <Box
          key={r.id}
          data-testid="audit-row"
          data-action={r.action}
          role="row"
          sx={{
            ...(wide ? ROW_GRID : { display: 'flex', flexDirection: 'column', gap: 0.5 }),
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} role="cell">
            {formatDateTime(r.at, i18n.language)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: wide ? 400 : 600 }} data-testid="audit-row-user" role="cell">
            {r.userName ?? t('audit.system')}
          </Typography>
          <Typography variant="body2" role="cell">
            {actionLabel(r, t)}
          </Typography>
          {r.studyId ? (
            <Box role="cell">
              <Link component={RouterLink} to={`/studies/report/${r.studyId}`} variant="body2">
                {r.patientName ?? t('audit.study')}
              </Link>
            </Box>
          ) : (
            wide && (
              <Typography variant="body2" color="text.secondary" role="cell">
                —
              </Typography>
            )
          )}
          <AuditRowDetail row={r} hideEmpty={!wide} />
        </Box>
      ))}
    </Paper>
  );
}

const ROW_GRID = {
  display: 'grid',
  gridTemplateColumns: '170px 1fr 1.3fr 1fr 1.5fr',
  gap: 2,
  alignItems: 'start',
} as const;
