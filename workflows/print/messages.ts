import type { PrintJobDocument } from '../../domain/print/job';
import type { PrintOptions } from '../../domain/print/options';

/** One workflow per print job: `print:{key}`. */
export const printWorkflowId = (key: string) => `print:${key}`;

export interface PrintInput {
  accountId: string;
  studyId: string;
  key: string;
  options: PrintOptions;
}

export interface PrintActivities {
  publishPrintStatus(input: { accountId: string; key: string; doc: PrintJobDocument }): Promise<void>;
  /** Renders the selected images into the layout PDF and stores it; answers its object key and page count. */
  renderPrintStudy(input: PrintInput): Promise<{ objectKey: string; pages: number }>;
}
