import { useParams } from 'react-router';
import { QaReportPage } from '../../../features/qa/components/qa-report-page';

/** /dashboard/assistant/qa-report/:reportEntityId — one QA item's report (spec 3 §2.2). */
export default function DashboardQaReportRoute() {
  const { reportEntityId = '' } = useParams();
  return <QaReportPage key={reportEntityId} reportEntityId={reportEntityId} />;
}
