import { cleanLabelName, LABEL_MIN_LETTERS, LABEL_NAME_MAX, letterCount } from '../../../../domain/workspace/labels';

export { LABEL_MIN_LETTERS, LABEL_NAME_MAX };

/** Label search: 200 ms after typing stops, at least 2 letters (spec 1 §9). */
export const LABEL_SEARCH_DEBOUNCE_MS = 200;

/** The name as it is sent: commas, dots and slashes stripped, spaces collapsed (spec 1 §5). */
export function normaliseLabel(raw: string): string {
  return cleanLabelName(raw);
}

export type LabelProblem = 'minLetters' | 'tooLong' | 'duplicate';

/** Why a typed label cannot be added, checked before calling the server; null when fine. */
export function labelProblem(raw: string, existing: readonly { name: string }[] = []): LabelProblem | null {
  const name = normaliseLabel(raw);
  if (letterCount(name) < LABEL_MIN_LETTERS) return 'minLetters';
  if (name.length > LABEL_NAME_MAX) return 'tooLong';
  if (existing.some((l) => l.name.toLocaleLowerCase() === name.toLocaleLowerCase())) return 'duplicate';
  return null;
}

/** Whether the text is long enough to ask for suggestions. */
export function canSearchLabels(raw: string): boolean {
  return letterCount(normaliseLabel(raw)) >= LABEL_MIN_LETTERS;
}
