import { PageHeader } from '../../../components/ui/page-header';
import { CoachingReportsList } from '../../../features/coaching-reports/components/coaching-reports-list';

/** /coach/coaching-reports */
export default function CoachCoachingReportsRoute() {
  return (
    <>
      <PageHeader title="Coaching reports" />
      <CoachingReportsList />
    </>
  );
}
