/**
 * Whether a report version has a PDF (spec 1 §2 versions table, spec 1 §7 download): one
 * rule for the download route, the study zip and the versions table's button. A version has
 * one when it was signed (its signed PDF), or it has text and was concluded (2), signed (3),
 * reported externally (21, the text it was given), or archived by a reopen. A study
 * auto-concluded without a report (20) has none, nor has a version still being written.
 */
import { LaudoState as S } from './states';

export interface VersionDocumentFacts {
  state: number;
  cancelled: boolean;
  /** The version has stored text. */
  hasContent: boolean;
  /** A signed PDF was stored for it. */
  signed: boolean;
}

/** States whose text is a document (also the SQL form in api/documents/version-pdf.ts). */
export const RENDERED_STATES: readonly number[] = [S.CONCLUDED, S.SIGNED, S.EXTERNAL_REPORT];

export function hasVersionDocument(v: VersionDocumentFacts): boolean {
  if (v.signed) return true;
  return v.hasContent && (v.cancelled || RENDERED_STATES.includes(v.state));
}
