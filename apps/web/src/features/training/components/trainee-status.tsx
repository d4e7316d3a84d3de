import { type TraineeStatus, trainingTexts } from '@agaton/contracts';
import { StatusPill } from '../../../components/ui/status-pill';

const STATUS_COLOR: Record<TraineeStatus, string> = {
  NotInvited: 'gray',
  InvitePending: 'blue',
  InviteRejected: 'orange',
  Training: 'teal',
};

/** The trainee's status as a pill (spec 2 §4). */
export function TraineeStatusPill({ status }: { status: TraineeStatus }) {
  return (
    <StatusPill status={status} label={trainingTexts.statusLabels[status]} color={STATUS_COLOR[status]} />
  );
}
