import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /coach/plans/:plan (subscribe page) */
export default function CoachPlanRoute() {
  return <PlaceholderPage title="Plans" emptyText="No plan selected." />;
}
