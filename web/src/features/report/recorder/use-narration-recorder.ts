import { useCallback, useEffect, useRef, useState } from 'react';
import { startAudioCapture, type AudioCapture } from './audio-capture';
import { createMp3Recording, type Mp3Recording } from './mp3-encoder';
import { levelOf, nextState, type RecorderEvent, type RecorderState } from './recorder-machine';

export interface RecordedClip {
  blob: Blob;
  url: string;
  /** the chosen file's name, for a clip that was not recorded here */
  fileName?: string;
}

/**
 * Microphone → MP3 recording driven by the pure state machine. `stateRef` is current at once
 * (not at the next render), so a navigation right after sending is not held by the leave guard.
 */
export function useNarrationRecorder({ onMicError }: { onMicError: (error: unknown) => void }) {
  const [state, setState] = useState<RecorderState>('idle');
  const stateRef = useRef<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const [clip, setClip] = useState<RecordedClip | null>(null);
  const capture = useRef<AudioCapture | null>(null);
  const encoder = useRef<Mp3Recording | null>(null);
  const samples = useRef(0);
  const clipRef = useRef<RecordedClip | null>(null);

  const dispatch = useCallback((event: RecorderEvent) => {
    const next = nextState(stateRef.current, event);
    if (!next) return false;
    stateRef.current = next;
    setState(next);
    return true;
  }, []);

  const replaceClip = useCallback((next: RecordedClip | null) => {
    if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    clipRef.current = next;
    setClip(next);
  }, []);

  const release = useCallback(() => {
    const c = capture.current;
    capture.current = null;
    encoder.current?.cancel();
    encoder.current = null;
    if (c) void c.stop().catch(() => undefined);
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      release();
      setLevel(0);
      // a re-record that could not start keeps the clip made before
      if (!(stateRef.current === 'starting' && clipRef.current && dispatch('keepClip'))) dispatch('failed');
      onMicError(error);
    },
    [release, dispatch, onMicError],
  );

  const start = useCallback(async () => {
    if (!dispatch('start')) return;
    try {
      let rec: Mp3Recording | null = null;
      const c = await startAudioCapture((pcm) => {
        if (stateRef.current !== 'recording' || !rec) return;
        const before = Math.floor(samples.current / c.sampleRate);
        samples.current += pcm.length;
        const after = Math.floor(samples.current / c.sampleRate);
        if (after !== before) setSeconds(after);
        setLevel(levelOf(pcm));
        rec.push(pcm);
      });
      rec = createMp3Recording(c.sampleRate);
      capture.current = c;
      encoder.current = rec;
      // re-recording overwrites the previous clip (spec 2 §4)
      replaceClip(null);
      samples.current = 0;
      setSeconds(0);
      dispatch('started');
    } catch (error) {
      fail(error);
    }
  }, [dispatch, replaceClip, fail]);

  const pause = useCallback(async () => {
    if (!dispatch('pause')) return;
    setLevel(0);
    await capture.current?.pause();
  }, [dispatch]);

  const resume = useCallback(async () => {
    if (!dispatch('resume')) return;
    await capture.current?.resume();
  }, [dispatch]);

  const stop = useCallback(async () => {
    if (!dispatch('stop')) return;
    setLevel(0);
    const c = capture.current;
    const rec = encoder.current;
    capture.current = null;
    encoder.current = null;
    try {
      await c?.stop();
      if (!rec) throw new Error('nothing was recorded');
      const blob = await rec.finish();
      replaceClip({ blob, url: URL.createObjectURL(blob) });
      dispatch('encoded');
    } catch (error) {
      fail(error);
    }
  }, [dispatch, replaceClip, fail]);

  const load = useCallback(
    (file: File) => {
      if (!dispatch('load')) return;
      replaceClip({ blob: file, url: URL.createObjectURL(file), fileName: file.name });
      setSeconds(0);
    },
    [dispatch, replaceClip],
  );

  const discard = useCallback(() => {
    if (!dispatch('discard')) return;
    replaceClip(null);
    setSeconds(0);
  }, [dispatch, replaceClip]);

  /** Uploads the clip; answers whether it was sent. */
  const send = useCallback(
    async (upload: (audio: Blob) => Promise<void>) => {
      const current = clipRef.current;
      if (!current || !dispatch('send')) return false;
      try {
        await upload(current.blob);
        dispatch('sent');
        return true;
      } catch (error) {
        dispatch('sendFailed');
        throw error;
      }
    },
    [dispatch],
  );

  useEffect(
    () => () => {
      release();
      if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    },
    [release],
  );

  return { state, stateRef, seconds, level, clip, start, pause, resume, stop, load, discard, send };
}
