import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { generateReportPdf } from '../api/recruitment-api';
import { printPath, reportFilename, saveBlob } from '../utils/report-file';

/** What a report download needs: whose report, and the name and date for the file. */
export interface ReportRef {
  userId: string;
  challengeId: string;
  candidateName: string;
  completedAt: string | null;
}

/**
 * Download report: the server prints the report's print route to a PDF, the browser saves it; any
 * failure shows the spec's toast 'Failed to generate report'.
 */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (ref: ReportRef) => {
      const filename = reportFilename(ref.candidateName, ref.completedAt);
      const blob = await generateReportPdf({ urlPath: printPath(ref.userId, ref.challengeId), filename });
      saveBlob(blob, filename);
      return filename;
    },
    onError: () => notifications.show({ color: 'red', message: RECRUITMENT_TEXTS.generatePdfFailed }),
  });
}
