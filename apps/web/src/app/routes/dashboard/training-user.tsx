import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { UserInsights } from '../../../features/training/components/user-insights';
import { insightsSearch } from '../../../features/training/utils/insights-params';
import { useDashboardAdmin } from './layout';

/** /dashboard/training/user/:userId — one trainee's insights, back to the Insights tab. */
export default function DashboardTrainingUserRoute() {
  const admin = useDashboardAdmin();
  const { userId = '' } = useParams();
  return (
    <UserInsights
      key={userId}
      admin={admin}
      userId={userId}
      backHref={(period) =>
        `${paths.dashboardTraining.href()}${insightsSearch({ period }, { tab: 'insights' })}`
      }
    />
  );
}
