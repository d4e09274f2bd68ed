export type Lang = 'pt-BR' | 'en' | 'es';

/** One catalogue entry: the HTTP status and the default description in each language. */
export interface ErrorEntry {
  status: number;
  message: Record<Lang, string>;
}
