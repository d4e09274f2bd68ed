/**
 * The narration recorder's states (spec 2 §4 Audio): idle, recording, paused/resumed, stopped
 * (playback available; re-recording overwrites), sent. `starting` waits for the microphone,
 * `encoding` for the last MP3 frames, `sending` for the upload. Pure, so the rules are tested
 * apart from the browser's audio APIs.
 */
export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'encoding' | 'stopped' | 'sending' | 'sent';

export type RecorderEvent =
  | 'start' // ask for the microphone (from stopped: re-record, the old clip is overwritten)
  | 'started'
  | 'failed' // microphone refused, or capture/encoding broke
  | 'keepClip' // the microphone failed on a re-record: the clip recorded before stays
  | 'pause'
  | 'resume'
  | 'stop'
  | 'encoded' // the MP3 is ready: playback available
  | 'load' // an MP3 file chosen instead of recording
  | 'send'
  | 'sent'
  | 'sendFailed'
  | 'discard';

const TRANSITIONS: Record<RecorderState, Partial<Record<RecorderEvent, RecorderState>>> = {
  idle: { start: 'starting', load: 'stopped' },
  starting: { started: 'recording', failed: 'idle', keepClip: 'stopped' },
  recording: { pause: 'paused', stop: 'encoding', failed: 'idle' },
  paused: { resume: 'recording', stop: 'encoding', failed: 'idle' },
  encoding: { encoded: 'stopped', failed: 'idle' },
  stopped: { start: 'starting', load: 'stopped', send: 'sending', discard: 'idle' },
  sending: { sent: 'sent', sendFailed: 'stopped' },
  sent: {},
};

/** The state after `event`, or null when the event is not allowed in `state`. */
export function nextState(state: RecorderState, event: RecorderEvent): RecorderState | null {
  return TRANSITIONS[state][event] ?? null;
}

export function can(state: RecorderState, event: RecorderEvent): boolean {
  return nextState(state, event) !== null;
}

/** Leaving the page asks 'Deseja mesmo sair do site?' while recording or with unsent audio (spec 2 §8). */
export function mustAskBeforeLeaving(state: RecorderState): boolean {
  return state === 'recording' || state === 'paused' || state === 'encoding' || state === 'stopped' || state === 'sending';
}

/** The editor's change mask is not allowed while recording audio (spec 2 §4). */
export function blocksMaskChange(state: RecorderState): boolean {
  return state === 'starting' || state === 'recording' || state === 'paused' || state === 'encoding';
}

/** The timer counts whole seconds and shows HH:MM:SS (spec 2 §4, §9); hours keep growing past 99. */
export function formatTimer(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Meter level 0..1 of a block of samples: RMS on a −60 dB..0 dB scale. */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += v * v;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60));
}
