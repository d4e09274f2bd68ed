/**
 * A device's name from its User-Agent, for the sessions list ('Chrome 131 · Windows'). Simple on
 * purpose: the browser family and major version, and the system; not a fingerprint.
 */
export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari.
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux|X11/],
];

export function parseUserAgent(ua: string | null | undefined): DeviceInfo {
  const s = ua ?? '';
  let browser: string | null = null;
  for (const [name, re] of BROWSERS) {
    const m = re.exec(s);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, re]) => re.test(s))?.[0] ?? null;
  return { browser, os, mobile: /Mobi|Android|iPhone|iPad/.test(s) };
}

/** 'Chrome 131 · Windows', or null when nothing is known. */
export function deviceLabel(ua: string | null | undefined): string | null {
  const { browser, os } = parseUserAgent(ua);
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
