import { useParams } from 'react-router';
import { CalibrationPage } from '../../../features/qa/components/calibration-page';
import { useDashboardAdmin } from './layout';

/** /dashboard/assistant/scorecards/:questionSetId/calibration — how well the automation answers a scorecard. */
export default function DashboardCalibrationRoute() {
  const admin = useDashboardAdmin();
  const { questionSetId = '' } = useParams();
  return <CalibrationPage admin={admin} questionSetId={questionSetId} />;
}
