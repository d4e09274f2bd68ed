import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

const ENTRIES = ['scroll', 'keys', 'pageKeys', 'window', 'presets', 'pan', 'zoom', 'reset', 'key', 'series', 'report'] as const;

/** The viewer's manual (spec 3 §2 top bar 'manuals'): what each mouse gesture and key does. */
export function ManualDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="viewer-manual">
      <DialogTitle>{t('viewer.manual.title')}</DialogTitle>
      <DialogContent dividers>
        <Table size="small">
          <TableBody>
            {ENTRIES.map((e) => (
              <TableRow key={e}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t(`viewer.manual.${e}.how`)}</TableCell>
                <TableCell>{t(`viewer.manual.${e}.what`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
