import { Anchor, Breadcrumbs, Paper, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

/** /coach/coaching-reports/:coachingReportId */
export default function CoachCoachingReportRoute() {
  const { coachingReportId } = useParams();
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.coachCoachingReports.href()}>
          Coaching Reports
        </Anchor>
        <Text>{coachingReportId}</Text>
      </Breadcrumbs>
      <PageHeader title="Coaching report" />
      <Paper withBorder radius="lg">
        <EmptyState text="No reports to show yet." />
      </Paper>
    </>
  );
}
