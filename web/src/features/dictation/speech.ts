/**
 * The browser's Web Speech recognition, where it exists (Chrome, Edge, Safari). Only the part
 * the dictation button uses is typed here.
 */
export interface SpeechResultList {
  length: number;
  [i: number]: { isFinal: boolean; 0: { transcript: string } };
}
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: { resultIndex: number; results: SpeechResultList }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type Ctor = new () => SpeechRecognitionLike;

export function speechRecognition(): Ctor | null {
  const w = window as unknown as { SpeechRecognition?: Ctor; webkitSpeechRecognition?: Ctor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Spec 2: the dictation language is pt-BR, whatever the interface language. */
export const DICTATION_LANG = 'pt-BR';

/** The final text of the results from `from` on, and what is still being heard. */
export function transcriptOf(results: SpeechResultList, from: number): { final: string; interim: string } {
  let final = '';
  let interim = '';
  for (let i = from; i < results.length; i++) {
    const r = results[i]!;
    if (r.isFinal) final += r[0].transcript;
    else interim += r[0].transcript;
  }
  return { final: final.trim(), interim: interim.trim() };
}
