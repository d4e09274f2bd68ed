import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import { PageHeader } from '../../app/PageHeader';
import type { MailStatus, OutboxMessage } from '../../../../domain/mail/outbox';
import { notify } from '../../app/notifications/store';
import { formatDateTime } from '../../../../domain/dates';
import { fetchOutbox, outboxKey } from './api';

const STATUS_COLOR: Record<MailStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'info',
  sent: 'success',
  stored: 'default',
  error: 'error',
};

/**
 * 'Caixa de saída': the account's shared-report e-mails. Without SMTP this is where they are
 * (the recipients get the link the user passes on); with SMTP it shows what went out and what failed.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: outboxKey, queryFn: ({ signal }) => fetchOutbox(signal), meta: { silent: true } });

  return (
    <Stack spacing={2} data-testid="outbox-page">
      <PageHeader title={t('share.outbox.title')} icon={<OutboxOutlinedIcon color="primary" />} />
      {outbox.data && (
        <Alert severity="info" data-testid="outbox-transport" data-transport={outbox.data.transport}>
          {t(outbox.data.transport === 'smtp' ? 'share.outbox.smtp' : 'share.outbox.intro')}
        </Alert>
      )}
      {outbox.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void outbox.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('share.outbox.loadError')}
        </Alert>
      ) : (
        // Scrolls sideways on a phone: focusable so the keyboard can scroll it too (WCAG 2.1.1).
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('share.outbox.title')}>
          <Table size="small" aria-label={t('share.outbox.title')} aria-busy={outbox.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('share.outbox.date')}</TableCell>
                <TableCell>{t('share.outbox.to')}</TableCell>
                <TableCell>{t('share.outbox.subject')}</TableCell>
                <TableCell>{t('share.outbox.sender')}</TableCell>
                <TableCell>{t('share.outbox.status')}</TableCell>
                <TableCell>{t('share.outbox.link')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outbox.isPending ? (
                [0, 1, 2].map((n) => (
                  <TableRow key={n}>
                    {[0, 1, 2, 3, 4, 5].map((c) => (
                      <TableCell key={c}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : outbox.data.messages.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="outbox-empty">
                      {t('share.outbox.empty')}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : (
                outbox.data.messages.map((m) => <OutboxRow key={m.id} message={m} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function OutboxRow({ message: m }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const expired = m.linkExpiresAt !== null && new Date(m.linkExpiresAt).getTime() < Date.now();
  const copy = () => {
    if (!m.link) return;
    void navigator.clipboard?.writeText(m.link).then(() => notify(t('share.outbox.copied'), 'success'));
  };
  const status = (
    <Chip size="small" variant="outlined" color={STATUS_COLOR[m.status]} label={t(`share.outbox.statuses.${m.status}`)} />
  );
  return (
    <TableRow hover data-testid="outbox-row" data-status={m.status}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, i18n.language)}</TableCell>
      <TableCell data-testid="outbox-to">{m.to}</TableCell>
      <TableCell>{m.subject}</TableCell>
      <TableCell>{m.senderName ?? '—'}</TableCell>
      <TableCell>{m.error ? <Tooltip title={t('share.outbox.failedHint')}>{status}</Tooltip> : status}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {m.link && !expired ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Tooltip title={t('share.outbox.openLink')}>
              <IconButton
                size="small"
                component="a"
                href={m.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('share.outbox.openLink')}
                data-testid="outbox-link"
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('share.outbox.copyLink')}>
              <IconButton size="small" onClick={copy} aria-label={t('share.outbox.copyLink')}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {m.linkExpiresAt && (
              <Typography variant="caption" color="text.secondary">
                {t('share.outbox.expires', { date: formatDateTime(m.linkExpiresAt, i18n.language) })}
              </Typography>
            )}
          </Stack>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
