import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../domain/dates';
import type { VersionEntry } from './api';
import { useVersions } from './use-editor-data';
import { VersionPdfButton } from '../documents/VersionPdfButton';

const STATUS_COLOR: Record<string, 'default' | 'info' | 'success' | 'primary' | 'error'> = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'info',
  FINISHED: 'success',
  SIGNED: 'primary',
  CANCELLED: 'error',
};
const STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'SIGNED', 'CANCELLED'] as const;

/** Versions that count as a report (a never-started version is not one). */
export function createdVersions(versions: readonly VersionEntry[]): VersionEntry[] {
  return versions.filter((v) => v.status !== 'NOT_STARTED' || v.user);
}

/** The report panel (spec 1 §2): Version, Modified, Executor, Reviewer, 2nd Opinion, Narration, Status. */
export function VersionsPanel({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation();
  const versions = useVersions(studyId);
  const dash = '—';
  const justification = (v: VersionEntry): string | null => {
    const j = v.justification;
    if (!j) return null;
    const motive = typeof j.motive === 'string' ? j.motive : null;
    const text = typeof j.open === 'string' ? j.open : typeof j.text === 'string' ? j.text : null;
    const label =
      motive && ['WRONG_PATIENT_DATA', 'INCORRECT_RESULT', 'GRAMMAR_ERROR', 'OTHER'].includes(motive)
        ? t(`editor.reopen.${motive as 'OTHER'}`)
        : motive;
    return [label, text].filter(Boolean).join(' — ') || null;
  };

  let body;
  if (versions.isPending) body = <Skeleton variant="rounded" height={96} />;
  else if (versions.isError) body = <Alert severity="error">{t('editor.versions.loadError')}</Alert>;
  else {
    const rows = createdVersions(versions.data);
    body =
      rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2" data-testid="versions-empty">
          {t('editor.versions.empty')}
        </Typography>
      ) : (
        // Scrolls sideways on a phone: focusable so the keyboard can scroll it too (WCAG 2.1.1).
        <TableContainer
          sx={{ maxWidth: '100%', overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('editor.versions.title')}
        >
          <Table size="small" aria-label={t('editor.versions.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('editor.versions.version')}</TableCell>
                <TableCell>{t('editor.versions.modified')}</TableCell>
                <TableCell>{t('editor.versions.executor')}</TableCell>
                <TableCell>{t('editor.versions.reviewer')}</TableCell>
                <TableCell>{t('editor.versions.opinion')}</TableCell>
                <TableCell>{t('editor.versions.narration')}</TableCell>
                <TableCell>{t('editor.versions.status')}</TableCell>
                <TableCell>PDF</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((v) => {
                const why = justification(v);
                const status = (STATUSES as readonly string[]).includes(v.status)
                  ? (v.status as (typeof STATUSES)[number])
                  : null;
                const chip = (
                  <Chip
                    size="small"
                    variant={status === 'CANCELLED' ? 'outlined' : 'filled'}
                    color={STATUS_COLOR[v.status] ?? 'default'}
                    label={status ? t(`editor.versions.statuses.${status}`) : v.status}
                  />
                );
                return (
                  <TableRow key={v.version} data-testid={`version-row-${v.version}`}>
                    <TableCell>{v.version}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.updatedAt, i18n.language) || dash}</TableCell>
                    <TableCell>{v.user?.name ?? dash}</TableCell>
                    <TableCell>{v.userReview?.name ?? dash}</TableCell>
                    <TableCell>{v.doctorNameOpinion ?? dash}</TableCell>
                    <TableCell>{v.laudoAudio?.userNameAudio ?? dash}</TableCell>
                    <TableCell>
                      {why ? (
                        <Tooltip title={t('editor.versions.justification', { text: why })}>
                          <span>{chip}</span>
                        </Tooltip>
                      ) : (
                        chip
                      )}
                    </TableCell>
                    <TableCell>
                      <VersionPdfButton studyId={studyId} version={v.version} hasDocument={v.hasDocument} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="versions-panel">
      <Box sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('editor.versions.title')}
        </Typography>
      </Box>
      {body}
    </Paper>
  );
}
