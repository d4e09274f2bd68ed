import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ScreenShareOutlinedIcon from '@mui/icons-material/ScreenShareOutlined';
import { type MonitorConfig, listScreens, loadMonitorConfig, saveMonitorConfig } from './monitor-config';
import { useSecondMonitor } from './use-second-monitor';

/** The viewer on another monitor (spec 2): open, configure, and the no-configuration and blocked pop-up alerts. */
export function SecondMonitorButton({ viewerUrl }: { viewerUrl: string }) {
  const { t } = useTranslation();
  const monitor = useSecondMonitor(viewerUrl);
  const [configuring, setConfiguring] = useState(false);

  return (
    <>
      <Button
        size="small"
        variant={monitor.open ? 'contained' : 'outlined'}
        startIcon={<ScreenShareOutlinedIcon />}
        onClick={monitor.open ? monitor.close : monitor.show}
        data-testid="open-second-monitor"
        data-state={monitor.open ? 'open' : 'closed'}
      >
        {monitor.open ? t('secondMonitor.close') : t('secondMonitor.open')}
      </Button>

      <Dialog open={monitor.problem === 'no-config'} onClose={monitor.clearProblem} data-testid="monitor-no-config">
        <DialogTitle>{t('secondMonitor.noConfigTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('secondMonitor.noConfigText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={monitor.clearProblem}>{t('secondMonitor.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              monitor.clearProblem();
              setConfiguring(true);
            }}
            data-testid="monitor-configure"
          >
            {t('secondMonitor.configure')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={monitor.problem === 'blocked'} onClose={monitor.clearProblem} data-testid="monitor-popup-blocked">
        <DialogTitle>{t('secondMonitor.blockedTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('secondMonitor.blockedText', { site: window.location.host })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={monitor.clearProblem}>{t('secondMonitor.cancel')}</Button>
          <Button variant="contained" onClick={monitor.show} data-testid="monitor-retry">
            {t('secondMonitor.retry')}
          </Button>
        </DialogActions>
      </Dialog>

      {configuring && (
        <ConfigureDialog
          onClose={() => setConfiguring(false)}
          onSaved={() => {
            setConfiguring(false);
            monitor.show();
          }}
        />
      )}
    </>
  );
}

/** Picks the monitor among the screens the browser reports, and saves it in this browser. */
function ConfigureDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [screens, setScreens] = useState<MonitorConfig[] | null>(null);
  const [failed, setFailed] = useState(false);
  const saved = loadMonitorConfig();
  useEffect(() => {
    let live = true;
    listScreens().then(
      (list) => live && setScreens(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="monitor-config-dialog">
      <DialogTitle>{t('secondMonitor.configTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('secondMonitor.configText')}
        </Typography>
        {failed && <Alert severity="error">{t('secondMonitor.configError')}</Alert>}
        {!screens && !failed && <CircularProgress size={24} aria-label={t('secondMonitor.loading')} />}
        {screens && (
          <List dense>
            {screens.map((s, i) => (
              <ListItemButton
                key={`${s.left},${s.top},${i}`}
                selected={saved?.left === s.left && saved?.top === s.top}
                onClick={() => {
                  saveMonitorConfig(s);
                  onSaved();
                }}
                data-testid={`monitor-screen-${i}`}
              >
                <ListItemText
                  primary={t('secondMonitor.screen', { label: s.label })}
                  secondary={`${s.width} × ${s.height} · (${s.left}, ${s.top})`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('secondMonitor.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
