/**
 * The editor's constants (spec 2 §5, §9; spec 1 §9), named in one place.
 */

/** Characters (text, without markup) a report may hold before the counter turns to error. */
export const MAX_REPORT_CHARS = 50_000;
/** Images pasted, dropped or inserted must be under 3,000 KB (spec 2 §5). */
export const MAX_IMAGE_BYTES = 3000 * 1024;
/** Font sizes offered by the toolbar (spec 2 §9: 8 to 30). */
export const FONT_SIZES: readonly number[] = Array.from({ length: 23 }, (_, i) => i + 8);
/** Default width of an inserted table (spec 2 §9). */
export const TABLE_WIDTH = '80%';
/** Draft autosave: on change, debounced 1 second (spec 2 §4, §9). */
export const AUTOSAVE_DEBOUNCE_MS = 1000;
/** While typing goes on, a save still runs at least this often (issue 23: a crash loses little). */
export const AUTOSAVE_MAX_WAIT_MS = 3000;
/** The local copy (IndexedDB) follows the text within this long of each change. */
export const LOCAL_COPY_MS = 250;
/** Retries of a failed draft save: waits between attempts (the last one repeats). */
export const AUTOSAVE_BACKOFF_MS: readonly number[] = [2000, 4000, 8000, 15_000, 30_000];
/** How long the draft-save error stays on screen (spec 1 §9: save failure 10 s). */
export const SAVE_ERROR_VISIBLE_MS = 10_000;
/** 'Máscara carregada com sucesso!' (spec 1 §9: mask load 4 s). */
export const MASK_LOADED_VISIBLE_MS = 4000;
/** 'review request' toast (spec 1 §9: 0.9 s). */
export const REVIEW_REQUEST_VISIBLE_MS = 900;
/** The phrase picker shows at most five phrases (spec 2 §9). */
export const PHRASE_RESULTS_MAX = 5;
/** Opinion description: 3 to 255 characters (spec 2 §5). */
export const OPINION_MIN = 3;
export const OPINION_MAX = 255;

export interface CounterState {
  count: number;
  limit: number;
  over: boolean;
}

/** The counter under the editor: error above the limit (spec 2 §5). */
export function counterState(count: number, limit = MAX_REPORT_CHARS): CounterState {
  return { count, limit, over: count > limit };
}

/** Whether a file may go into the report as an image. */
export function imageTooLarge(size: number): boolean {
  return size >= MAX_IMAGE_BYTES;
}
