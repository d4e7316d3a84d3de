import { Button } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { SessionsList } from '../../../features/coach-sessions/components/sessions-list';

/** /coach/sessions: the 'History' tab of recorded sessions, and the way to their trends (Insights). */
export default function CoachSessionsRoute() {
  return (
    <>
      <PageHeader
        title="Sessions"
        actions={
          <Button
            component={Link}
            to={paths.coachInsights.href()}
            variant="light"
            size="sm"
            leftSection={<IconChartLine size={18} />}
          >
            Insights
          </Button>
        }
      />
      <SessionsList />
    </>
  );
}
