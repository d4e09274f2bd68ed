/**
 * /resultados — the results portal (issue 18; spec 3 §2, §5): a patient types the patient ID,
 * the birth date (dd/mm/aaaa) and the access code from the receipt or the message, and gets the
 * exam and its report's PDF. No platform login; the portal token lives in this page only.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { formatDate, formatDateTime } from '../../../../domain/dates';
import type { PortalSession } from '../../../../domain/portal/results-portal';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError } from '../../lib/errors';
import { downloadPortalReport, portalLogin } from './api';

export function ResultsPortalPage() {
  const { t } = useTranslation();
  const [session, setSession] = useState<PortalSession | null>(null);
  return (
    <CenteredLayout>
      {session ? <Result session={session} onLeave={() => setSession(null)} /> : <PortalForm onOpen={setSession} />}
      {!session && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 2, display: 'block' }}>
          {t('portal.privacy')}
        </Typography>
      )}
    </CenteredLayout>
  );
}

function PortalForm({ onOpen }: { onOpen: (s: PortalSession) => void }) {
  const { t } = useTranslation();
  const [patientId, setPatientId] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [accessCode, setAccessCode] = useState('');
  const [touched, setTouched] = useState(false);
  const open = useMutation({ mutationFn: portalLogin, meta: { silent: true }, onSuccess: onOpen });
  const missing = (v: string) => touched && v.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!patientId.trim() || !birthDate.trim() || !accessCode.trim() || open.isPending) return;
    open.mutate({ patientId: patientId.trim(), birthDate: birthDate.trim(), accessCode: accessCode.trim() });
  };

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="portal-title">
      <div>
        <Typography id="portal-title" variant="h5" component="h1">
          {t('portal.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('portal.subtitle')}
        </Typography>
      </div>
      {open.isError && (
        <Alert severity="error" data-testid="portal-error">
          {describeError(open.error, t)}
        </Alert>
      )}
      <TextField
        label={t('portal.patientId')}
        required
        autoFocus
        value={patientId}
        onChange={(e) => setPatientId(e.target.value)}
        error={missing(patientId)}
        helperText={missing(patientId) ? t('portal.required') : undefined}
        slotProps={{
          htmlInput: { 'data-testid': 'portal-patient-id', maxLength: 64, autoCapitalize: 'characters', spellCheck: false },
        }}
      />
      <TextField
        label={t('portal.birthDate')}
        required
        value={birthDate}
        onChange={(e) => setBirthDate(e.target.value)}
        error={missing(birthDate)}
        helperText={missing(birthDate) ? t('portal.required') : t('portal.dateFormat')}
        slotProps={{
          htmlInput: { 'data-testid': 'portal-birth-date', maxLength: 10, inputMode: 'numeric', autoComplete: 'bday' },
        }}
      />
      <TextField
        label={t('portal.accessCode')}
        required
        value={accessCode}
        onChange={(e) => setAccessCode(e.target.value)}
        error={missing(accessCode)}
        helperText={missing(accessCode) ? t('portal.required') : t('portal.accessCodeHelp')}
        slotProps={{
          htmlInput: { 'data-testid': 'portal-access-code', maxLength: 20, autoCapitalize: 'characters', spellCheck: false },
        }}
      />
      <Button type="submit" variant="contained" size="large" loading={open.isPending} data-testid="portal-submit">
        {t('portal.submit')}
      </Button>
    </Stack>
  );
}

function Result({ session, onLeave }: { session: PortalSession; onLeave: () => void }) {
  const { t, i18n } = useTranslation();
  const { result: r } = session;
  const download = useMutation({
    mutationFn: () => downloadPortalReport(session.token, `laudo-${r.report?.version ?? 0}.pdf`),
    meta: { silent: true },
  });
  return (
    <Stack spacing={2.5} data-testid="portal-result">
      <div>
        <Typography variant="h5" component="h1">
          {t('portal.resultTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[r.accountName, r.institutionName].filter(Boolean).join(' · ')}
        </Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} data-testid="portal-patient">
          {r.patientName}
        </Typography>
        <Typography variant="body2">{[r.modalities.join(', '), r.examType].filter(Boolean).join(' · ')}</Typography>
        {r.examDate && (
          <Typography variant="body2" color="text.secondary">
            {t('portal.examDate', { date: formatDate(r.examDate, i18n.language) })}
          </Typography>
        )}
      </Paper>
      {r.report ? (
        <Stack spacing={1.5}>
          <Alert severity="success" data-testid="portal-report-ready">
            {r.report.signed ? t('portal.reportSigned') : t('portal.reportReady')}
            {r.report.finishedAt && ` ${t('portal.finishedAt', { date: formatDateTime(r.report.finishedAt, i18n.language) })}`}
            {r.report.doctorName && ` ${t('portal.doctor', { name: r.report.doctorName })}`}
          </Alert>
          {download.isError && <Alert severity="error">{describeError(download.error, t)}</Alert>}
          <Button
            variant="contained"
            startIcon={<PictureAsPdfOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="portal-download"
          >
            {t('portal.download')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="info" data-testid="portal-report-pending">
          {t('portal.reportPending')}
        </Alert>
      )}
      <Button variant="text" onClick={onLeave} data-testid="portal-leave">
        {t('portal.leave')}
      </Button>
    </Stack>
  );
}
