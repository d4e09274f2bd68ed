import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { notify } from '../../app/notifications/store';
import { EXAM_STATUSES, type ExamStatus } from '../../../../domain/studies/maintenance';
import { ConfirmDialog } from '../report/dialogs/ConfirmDialog';
import { setExamStatus } from '../study-maintenance/api';
import { worklistKeys } from './api';

const COLORS: Record<ExamStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  SCHEDULED: 'info',
  CALL_PATIENT: 'warning',
  IN_PROGRESS: 'success',
  CANCELED: 'error',
};

/** The exam's status (spec 3 §4: scheduled, in progress, call patient, canceled), or 'Sem status'. */
export function ExamStatusChip({ status }: { status: ExamStatus | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status ? 'filled' : 'outlined'}
      color={status ? COLORS[status] : 'default'}
      label={status ? t(`studyMaintenance.examStatus.${status}`) : t('worklist.noStatus')}
      data-exam-status={status ?? 'NONE'}
    />
  );
}

/**
 * The status as a button that opens the statuses; the change is confirmed first (spec 3 §4
 * 'changed with confirmation'). Without the permission only the chip shows.
 */
export function ExamStatusControl({
  examId,
  patient,
  status,
  mayChange,
}: {
  examId: string;
  patient: string;
  status: ExamStatus | null | undefined;
  mayChange: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [next, setNext] = useState<ExamStatus | null>(null);
  const change = useMutation({
    mutationFn: (to: ExamStatus) => setExamStatus(examId, to),
    onSuccess: () => {
      notify(t('studyMaintenance.examStatusChanged'), 'success');
      setNext(null);
      void queryClient.invalidateQueries({ queryKey: worklistKeys.all });
    },
  });
  if (!mayChange) return <ExamStatusChip status={status} />;
  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-label={t('worklist.changeStatusOf', { patient })}
        sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
        data-testid="worklist-status"
      >
        <ExamStatusChip status={status} />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXAM_STATUSES.map((s) => (
          <MenuItem
            key={s}
            disabled={s === status}
            onClick={() => {
              setAnchor(null);
              setNext(s);
            }}
            data-testid={`worklist-status-${s}`}
          >
            {t(`studyMaintenance.examStatus.${s}`)}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={next !== null}
        title={t('studyMaintenance.changeStatus')}
        text={next ? t('studyMaintenance.confirmStatus', { status: t(`studyMaintenance.examStatus.${next}`) }) : ''}
        pending={change.isPending}
        onConfirm={() => next && change.mutate(next)}
        onClose={() => setNext(null)}
        testId="worklist-status-confirm"
      />
    </>
  );
}
