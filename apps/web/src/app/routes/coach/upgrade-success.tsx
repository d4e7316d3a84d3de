import { UpgradeSuccess } from '../../../features/billing/components/upgrade-success';

/** /coach/upgrade-success (the spec does not show its path) */
export default function CoachUpgradeSuccessRoute() {
  return <UpgradeSuccess />;
}
