/**
 * The monitor the viewer opens on (spec 2: multi-monitor viewer opening): a screen's area saved
 * in this browser. Chromium's Window Management API lists the screens (with the user's
 * permission); elsewhere the current screen is the only choice.
 */
import { z } from 'zod';

export const MonitorConfig = z.object({
  label: z.string().max(200),
  left: z.number().int(),
  top: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type MonitorConfig = z.infer<typeof MonitorConfig>;

const KEY = 'laudos.viewerMonitor';

export function loadMonitorConfig(): MonitorConfig | null {
  try {
    const parsed = MonitorConfig.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveMonitorConfig(config: MonitorConfig): void {
  localStorage.setItem(KEY, JSON.stringify(config));
}

export function clearMonitorConfig(): void {
  localStorage.removeItem(KEY);
}

interface ScreenArea {
  label?: string;
  isPrimary?: boolean;
  availLeft?: number;
  availTop?: number;
  availWidth: number;
  availHeight: number;
}

/** The screens to choose from: every one with the Window Management API, else this one. */
export async function listScreens(): Promise<MonitorConfig[]> {
  const details = (window as { getScreenDetails?: () => Promise<{ screens: ScreenArea[] }> }).getScreenDetails;
  let screens: ScreenArea[] = [];
  if (details) {
    try {
      screens = (await details.call(window)).screens;
    } catch {
      screens = []; // permission refused: fall back to this screen
    }
  }
  if (screens.length === 0) screens = [window.screen as unknown as ScreenArea];
  return screens.map((s, i) => ({
    label: s.label || `${i + 1}${s.isPrimary ? ' *' : ''}`,
    left: Math.round(s.availLeft ?? 0),
    top: Math.round(s.availTop ?? 0),
    width: Math.round(s.availWidth),
    height: Math.round(s.availHeight),
  }));
}

/** window.open's features for the saved area. */
export function windowFeatures(config: MonitorConfig): string {
  return `popup,left=${config.left},top=${config.top},width=${config.width},height=${config.height}`;
}
