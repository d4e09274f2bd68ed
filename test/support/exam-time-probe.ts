/**
 * Run as its own process (`node --import tsx`) with TZ set by the caller: reads a DICOM header
 * of an exam at 01:30 on 22/11/2026 and prints, as JSON, what every place that shows or filters
 * by the exam date makes of it. imaging/exam-time-zone.test.ts compares the answers of a
 * São Paulo process and a UTC one.
 */
import { formatDateTime } from '../../domain/dates';
import { studyFolder } from '../../domain/download/zip-paths';
import { dicomDateRange } from '../../domain/imaging/dicom-datetime';
import { examDay, fromExamLocal, toExamLocal } from '../../domain/studies/header';
import { renderPrintPdf } from '../../documents/print-pdf/render';
import { renderReportPdf } from '../../documents/report-pdf/render';
import { pdfText } from '../../documents/testing/pdf-tools';
import { sampleReport } from '../../documents/testing/sample-report';
import { PrintOptions } from '../../domain/print/options';
import { parseHead } from '../../imaging/dicom-header';
import { makeInstance, newUid } from './dicom-files';
import sharp from 'sharp';

async function main() {
  const bytes = makeInstance({ studyUid: newUid(), seriesUid: newUid(), studyDate: '20261122', studyTime: '013000' });
  const exam = parseHead(bytes, bytes.length, bytes.subarray(bytes.length - 8)).studyDate!;
  const inside = (r: { from?: Date; to?: Date } | null) => Boolean(r && (!r.from || exam >= r.from) && (!r.to || exam < r.to));
  const report = pdfText(
    await renderReportPdf(
      sampleReport({ exam: { accessionNumber: null, type: 'TC', date: exam.toISOString(), modalities: ['CT'] } }),
    ),
  );
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .jpeg()
    .toBuffer();
  const print = pdfText(
    await renderPrintPdf({
      options: PrintOptions.parse({ layout: { row: 1, col: 1 } }),
      header: { patientName: 'Ana', patientId: 'P', examDate: formatDateTime(exam, 'pt-BR') },
      images: [{ seriesId: 's', jpeg, width: 8, height: 8 }],
    }),
  );
  const folders = { patientId: false, patientName: false, accessionNumber: false, date: true };
  console.log(
    JSON.stringify({
      offsetMinutes: new Date(2026, 10, 22).getTimezoneOffset(),
      instant: exam.toISOString(),
      shown: formatDateTime(exam, 'pt-BR'),
      day: examDay(exam),
      formField: toExamLocal(exam),
      formRoundTrip: fromExamLocal(toExamLocal(exam))?.toISOString(),
      qidoSameDay: inside(dicomDateRange('20261122')),
      qidoDayBefore: inside(dicomDateRange('20261121')),
      zipFolder: studyFolder(
        { studyId: 's', patientId: null, patientName: null, accessionNumber: null, examDate: exam },
        folders,
        false,
      ),
      reportPdf: /Data do exame:\s+(\S+ \S+)/.exec(report)?.[1] ?? null,
      printPdf: /(\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d)/.exec(print)?.[1] ?? null,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
