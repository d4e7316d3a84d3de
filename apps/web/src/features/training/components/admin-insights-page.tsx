import type { Admin } from '@agaton/contracts';
import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { TR_LABELS } from '../texts';
import { CohortInsights } from './cohort-insights';

/** /admin and /admin/insights: the organisation's training insights, as the Insights tab shows them. */
export function AdminInsightsPage({ admin }: { admin: Admin }) {
  return (
    <>
      <PageHeader
        title={TR_LABELS.insightsTitle}
        description={TR_LABELS.insightsDescription}
        actions={
          <Button component={Link} to={paths.dashboardTraining.href()} variant="default">
            {TR_LABELS.pageTitle}
          </Button>
        }
      />
      <CohortInsights
        admin={admin}
        personHref={(id) => paths.adminInsights.href(id)}
        reportHref={paths.adminInsightsReport.href()}
        inviteAction={
          <Button
            component={Link}
            to={paths.dashboardTraining.href()}
            size="sm"
            leftSection={<IconSend size={16} />}
          >
            {TR_LABELS.inviteNext}
          </Button>
        }
      />
    </>
  );
}
