import { useCallback, useEffect, useRef, useState } from 'react';
import { loadMonitorConfig, windowFeatures } from './monitor-config';

/** Spec 2 §9: how often the viewer's window is checked (closed by the user, moved on). */
export const MONITOR_CHECK_MS = 500;
const WINDOW_NAME = 'laudos-viewer';

export type SecondMonitorProblem = 'no-config' | 'blocked' | null;

/**
 * The viewer in a window of its own on the saved monitor. Opening without a saved monitor, or
 * with pop-ups blocked, reports the problem for the page to show; while the window is open it
 * follows `url` (the study the page shows), so reading the next exam moves the images too.
 */
export function useSecondMonitor(url: string) {
  const popup = useRef<Window | null>(null);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<SecondMonitorProblem>(null);

  useEffect(() => {
    const timer = setInterval(() => {
      const isOpen = Boolean(popup.current && !popup.current.closed);
      if (!isOpen) popup.current = null;
      setOpen(isOpen);
    }, MONITOR_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  // Another study on this page: the open viewer window shows it.
  useEffect(() => {
    const w = popup.current;
    if (w && !w.closed) w.location.href = url;
  }, [url]);

  const show = useCallback(() => {
    const config = loadMonitorConfig();
    if (!config) {
      setProblem('no-config');
      return;
    }
    const w = window.open(url, WINDOW_NAME, windowFeatures(config));
    if (!w) {
      setProblem('blocked');
      return;
    }
    popup.current = w;
    setOpen(true);
    setProblem(null);
    w.focus();
  }, [url]);

  const close = useCallback(() => {
    popup.current?.close();
    popup.current = null;
    setOpen(false);
  }, []);

  return { open, problem, show, close, clearProblem: () => setProblem(null) };
}
