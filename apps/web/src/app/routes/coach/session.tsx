import { Anchor, Breadcrumbs, Paper, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

/** /coach/sessions/:meetingId — session feedback. */
export default function CoachSessionRoute() {
  const { meetingId } = useParams();
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.coachSessions.href()}>
          Sessions
        </Anchor>
        <Text>{meetingId}</Text>
      </Breadcrumbs>
      <PageHeader title="Your feedback" />
      <Paper withBorder radius="lg">
        <EmptyState text="No feedback to show yet." />
      </Paper>
    </>
  );
}
