import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ShareIcon from '@mui/icons-material/Share';
import { ShareReportDialog } from './ShareReportDialog';

/** The bottom bar's 'Compartilhar' (veterinary accounts, a report with a document). */
export function ShareReportButton({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<ShareIcon />} onClick={() => setOpen(true)} data-testid="bottom-share">
        {t('share.action')}
      </Button>
      {/* Mounted while open: each opening starts with an empty address. */}
      {open && <ShareReportDialog studyId={studyId} open onClose={() => setOpen(false)} />}
    </>
  );
}
