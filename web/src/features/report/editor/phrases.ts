import { z } from 'zod';
/**
 * Standard phrases (spec 1 §5, spec 2 §9): search, expansion and the create form's rules.
 *
 * Expansion: type a backslash, the phrase's code and a space — `\NL ` — and the code is
 * replaced by the phrase. The backslash keeps ordinary words from expanding (a code is 1 to
 * 6 letters or digits, so plain words like 'RX' would otherwise be swallowed). Codes match
 * case-insensitively.
 */
import { PHRASE_RESULTS_MAX } from './limits';

export interface Phrase {
  id: string;
  code: string;
  title: string;
  phrase: string;
}

export const PHRASE_TRIGGER = '\\';
export const PHRASE_CODE_MAX = 6;
export const PHRASE_TEXT_MIN = 3;

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Phrases whose code or title matches, codes starting with the query first; at most five. */
export function filterPhrases(phrases: readonly Phrase[], query: string, max = PHRASE_RESULTS_MAX): Phrase[] {
  const q = fold(query);
  if (!q) return phrases.slice(0, max);
  const scored: { p: Phrase; score: number }[] = [];
  for (const p of phrases) {
    const code = fold(p.code);
    const title = fold(p.title);
    let score = -1;
    if (code === q) score = 0;
    else if (code.startsWith(q)) score = 1;
    else if (title.startsWith(q)) score = 2;
    else if (code.includes(q) || title.includes(q)) score = 3;
    if (score >= 0) scored.push({ p, score });
  }
  scored.sort((a, b) => a.score - b.score || a.p.code.localeCompare(b.p.code));
  return scored.slice(0, max).map((s) => s.p);
}

const TRIGGER_RE = new RegExp(`\\${PHRASE_TRIGGER}([\\p{L}\\p{N}]{1,${PHRASE_CODE_MAX}})$`, 'u');

/** The `\CODE` just before the cursor, or null. `length` counts the backslash. */
export function matchPhraseTrigger(textBefore: string): { code: string; length: number } | null {
  const m = TRIGGER_RE.exec(textBefore);
  if (!m?.[1]) return null;
  return { code: m[1].toUpperCase(), length: m[0].length };
}

export function findPhraseByCode(phrases: readonly Phrase[], code: string): Phrase | null {
  const c = code.toUpperCase();
  return phrases.find((p) => p.code.toUpperCase() === c) ?? null;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A phrase as editor content: HTML phrases as they are, plain text with its line breaks. */
export function phraseToHtml(text: string): string {
  if (/<\/?[a-z][^>]*>/i.test(text)) return text;
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** The code as typed in the create form: upper case, at most six characters. */
export function normalizePhraseCode(code: string): string {
  return code.toUpperCase().replace(/\s/g, '').slice(0, PHRASE_CODE_MAX);
}

export interface PhraseDraft {
  code: string;
  title: string;
  phrase: string;
}
export type PhraseErrorKey = 'editor.phrases.codeLength' | 'editor.phrases.min3';

/** The create form's messages (spec 1 §5), per field. */
export function validatePhrase(d: PhraseDraft): Partial<Record<keyof PhraseDraft, PhraseErrorKey>> {
  const errors: Partial<Record<keyof PhraseDraft, PhraseErrorKey>> = {};
  const code = d.code.trim();
  if (code.length < 1 || code.length > PHRASE_CODE_MAX) errors.code = 'editor.phrases.codeLength';
  if (d.title.trim().length < PHRASE_TEXT_MIN) errors.title = 'editor.phrases.min3';
  if (d.phrase.trim().length < PHRASE_TEXT_MIN) errors.phrase = 'editor.phrases.min3';
  return errors;
}

/** The list an API answered (an array, or `{phrases}` / `{data}`), keeping valid entries. */
const PhrasesAnswer = z.object({
  phrases: z.array(z.object({ id: z.string(), code: z.string(), title: z.string(), phrase: z.string() })),
});

/** The answer of GET /phrases/accounts/:accountId. */
export function parsePhraseList(json: unknown): Phrase[] {
  return PhrasesAnswer.parse(json).phrases.map(({ id, code, title, phrase }) => ({ id, code, title, phrase }));
}
