import { type TraineeStatus, trainingTexts } from '@agaton/contracts';
import { Badge } from '@mantine/core';

const STATUS_COLOR: Record<TraineeStatus, string> = {
  NotInvited: 'gray',
  InvitePending: 'blue',
  InviteRejected: 'orange',
  Training: 'teal',
};

/** The trainee's status as a pill (spec 2 §4). */
export function TraineeStatusPill({ status }: { status: TraineeStatus }) {
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      radius="xl"
      tt="none"
      data-status={status}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {trainingTexts.statusLabels[status]}
    </Badge>
  );
}
