import dayjs from 'dayjs';
import { paths } from '../../../config/paths';

/** The print route the server renders into the PDF (generatePdfQuerySchema accepts only this path). */
export const printPath = (userId: string, challengeId: string) =>
  paths.dashboardTestReportPrint.href(userId, challengeId);

/**
 * The PDF's file name, e.g. 'English test - Jane Doe - 2026-11-25.pdf'. Characters a file name or a
 * content-disposition header cannot hold are dropped from the candidate's name.
 */
export function reportFilename(candidateName: string, completedAt: string | null): string {
  const name =
    candidateName
      .replace(/[/\\\0\r\n"]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'candidate';
  const day = completedAt ? dayjs(completedAt).format('YYYY-MM-DD') : dayjs().format('YYYY-MM-DD');
  return `English test - ${name} - ${day}.pdf`;
}

/** Saves a Blob as a download in the browser. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
