import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CriticalFinding, OBSERVATION_MAX, checkDelete } from '../../../../domain/findings/critical-findings';
import { ApiError, describeError } from '../../lib/errors';
import { useSessionData } from '../auth/session';
import type { FindingView } from './api';
import { CommunicationsSection } from './CommunicationsSection';
import { FindingStatusChip } from './FindingStatusChip';
import { useAccountFindings, useFindingMutations, useStudyFinding } from './use-findings';

interface Props {
  accountId: string | null;
  studyId: string | null;
  title: string;
  onClose: () => void;
}

/**
 * The critical-finding dialog (spec 2 §2): register a suspicion (report not started) or a
 * finding from the account's list, or view one and accept, reject or delete it.
 */
export function CriticalFindingDialog({ studyId, ...rest }: Props) {
  return studyId ? <FindingDialogBody key={studyId} studyId={studyId} {...rest} /> : null;
}

function FindingDialogBody({ accountId, studyId, title, onClose }: Props & { studyId: string }) {
  const { t } = useTranslation();
  const view = useStudyFinding(studyId);
  const mutations = useFindingMutations(studyId);
  const [message, setMessage] = useState<string | null>(null);
  const fail = (err: unknown) => setMessage(err instanceof ApiError && err.description ? err.description : describeError(err, t));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="critical-finding-dialog">
      <DialogTitle>
        {t('findings.title')}
        <Typography variant="body2" color="text.secondary" component="div">
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        {view.isPending && <Skeleton variant="rounded" height={120} />}
        {view.isError && <Alert severity="error">{describeError(view.error, t)}</Alert>}
        {view.data &&
          (view.data.finding ? (
            <FindingDetails view={view.data} finding={view.data.finding} mutations={mutations} onError={fail} />
          ) : view.data.canEdit ? (
            <RegisterForm accountId={accountId} view={view.data} mutations={mutations} onError={fail} />
          ) : (
            <Alert severity="info" data-testid="finding-no-permission">
              {t('findings.noPermission')}
            </Alert>
          ))}
        {message && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setMessage(null)} data-testid="finding-message">
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="finding-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Mutations = ReturnType<typeof useFindingMutations>;

function InReportChoice({ forced, value, onChange }: { forced: boolean; value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  if (forced) return <Alert severity="info">{t('findings.forcedInReport')}</Alert>;
  return (
    <FormControlLabel
      control={<Checkbox checked={value} onChange={(e) => onChange(e.target.checked)} data-testid="finding-in-report" />}
      label={t('findings.inTheReport')}
    />
  );
}

function RegisterForm({
  accountId,
  view,
  mutations,
  onError,
}: {
  accountId: string | null;
  view: FindingView;
  mutations: Mutations;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const catalogue = useAccountFindings(accountId);
  const [selected, setSelected] = useState<string | null>(null);
  const [observation, setObservation] = useState('');
  const [inTheReport, setInTheReport] = useState(false);
  const [missing, setMissing] = useState(false);
  const remaining = OBSERVATION_MAX - observation.length;
  const suspicion = view.laudoState === 0;

  const submit = () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    mutations.register.mutate({ accountCriticalFindingId: selected, observation: observation.trim(), inTheReport }, { onError });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{suspicion ? t('findings.registerSuspicion') : t('findings.registerFinding')}</Typography>
      <Box
        sx={{ height: 250, overflowY: 'auto', border: 1, borderColor: missing ? 'error.main' : 'divider', borderRadius: 1 }}
        data-testid="finding-catalogue"
      >
        {catalogue.isPending && <Skeleton variant="rectangular" height={250} />}
        {catalogue.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('findings.emptyCatalogue')}
          </Typography>
        )}
        <List dense disablePadding role="listbox" aria-label={t('findings.catalogue')}>
          {catalogue.data?.map((f) => (
            <ListItemButton
              key={f.id}
              selected={selected === f.id}
              onClick={() => {
                setSelected(f.id);
                setMissing(false);
              }}
              role="option"
              aria-selected={selected === f.id}
              data-testid={`finding-option-${f.levelAndName}`}
            >
              <ListItemText primary={f.levelAndName} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      {missing && (
        <Typography color="error" variant="body2" data-testid="finding-required">
          {t('findings.descriptionRequired')}
        </Typography>
      )}
      <TextField
        label={t('findings.observation')}
        value={observation}
        onChange={(e) => setObservation(e.target.value)}
        multiline
        minRows={2}
        error={remaining < 0}
        helperText={t('findings.remaining', { count: remaining })}
        slotProps={{ htmlInput: { 'data-testid': 'finding-observation' } }}
      />
      {!suspicion && <InReportChoice forced={view.forcedInReport} value={inTheReport} onChange={setInTheReport} />}
      <Box>
        <Button
          variant="contained"
          color="error"
          onClick={submit}
          disabled={mutations.register.isPending || remaining < 0}
          data-testid="finding-register"
        >
          {suspicion ? t('findings.createSuspicion') : t('findings.createFinding')}
        </Button>
      </Box>
    </Stack>
  );
}

function FindingDetails({
  view,
  finding,
  mutations,
  onError,
}: {
  view: FindingView;
  finding: CriticalFinding;
  mutations: Mutations;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const session = useSessionData();
  const [inTheReport, setInTheReport] = useState(true);
  const canDecide = finding.status === 'SUSPICION_CREATED' && view.isResponsible;
  const report = { state: view.laudoState, responsibleUserId: view.isResponsible ? session.id : null };
  const canDelete = checkDelete({ userId: session.id }, report, finding).ok;
  const decide = (action: 'accept' | 'reject') =>
    mutations.decide.mutate({ findingId: finding.studyCriticalFindingId, action, inTheReport }, { onError });
  const busy = mutations.decide.isPending || mutations.remove.isPending;

  return (
    <Stack spacing={1.5} data-testid="finding-details">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="p" sx={{ flex: 1 }}>
          {finding.levelAndName}
        </Typography>
        <FindingStatusChip status={finding.status} />
        {finding.inTheReport && <Chip size="small" variant="outlined" label={t('findings.inReportChip')} />}
      </Stack>
      {finding.observation && <Typography variant="body2">{finding.observation}</Typography>}
      <Typography variant="caption" color="text.secondary">
        {[
          finding.userCreatedSuspicionName && t('findings.suspicionBy', { name: finding.userCreatedSuspicionName }),
          finding.userCreatedFindingName && t('findings.findingBy', { name: finding.userCreatedFindingName }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {canDecide && <InReportChoice forced={view.forcedInReport} value={inTheReport} onChange={setInTheReport} />}
      <Stack direction="row" spacing={1}>
        {canDecide && (
          <>
            <Button
              variant="contained"
              color="error"
              disabled={busy}
              onClick={() => decide('accept')}
              data-testid="finding-accept"
            >
              {t('findings.accept')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => decide('reject')} data-testid="finding-reject">
              {t('findings.reject')}
            </Button>
          </>
        )}
        {canDelete && (
          <Button
            color="inherit"
            disabled={busy}
            onClick={() => mutations.remove.mutate(undefined, { onError })}
            data-testid="finding-delete"
          >
            {t('findings.delete')}
          </Button>
        )}
      </Stack>
      {finding.status !== 'SUSPICION_CREATED' && (
        <CommunicationsSection studyId={finding.studyId} canCommunicate={view.isResponsible} onError={onError} />
      )}
    </Stack>
  );
}
