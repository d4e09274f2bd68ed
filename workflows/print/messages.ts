import type { PrintJobDocument } from '../../domain/print/job';
import type { PrintOptions } from '../../domain/print/options';

/** One workflow per print job: `print:{key}`. */
export const printWorkflowId = (key: string) => `print:${key}`;

export interface PrintInput {
  accountId: string;
  studyId: string;
  key: string;
  options: PrintOptions;
  /** Name the PDF is downloaded under. */
  filename: string;
  /** How long the PDF and the job's live document are kept once the job has ended. */
  retentionMs: number;
  /** The caller's language: the header's exam date format (absent in jobs started before it). */
  lang?: string;
}

export interface PrintActivities {
  publishPrintStatus(input: { accountId: string; key: string; doc: PrintJobDocument }): Promise<void>;
  /** Renders the selected images into the layout PDF and stores it; answers its object key and page count. */
  renderPrintStudy(input: PrintInput): Promise<{ objectKey: string; pages: number }>;
  /** A download link to the stored PDF that lasts as long as the PDF is kept. */
  linkPrintFile(input: { accountId: string; objectKey: string; filename: string; ttlMs: number }): Promise<{ downloadUrl: string }>;
  /** Deletes the job's PDF (if it was stored) and its links, and clears the retained live document. */
  cleanupPrint(input: { accountId: string; key: string }): Promise<void>;
}
