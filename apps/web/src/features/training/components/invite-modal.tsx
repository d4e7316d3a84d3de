import { type Candidate, trainingTexts } from '@agaton/contracts';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { layout } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { useTrainingInvite } from '../api/training-api';
import { TR_LABELS } from '../texts';

/** Invite users to training (spec 2 §2 modals, §5): the selected users and Send invitations. */
export function InviteModal({
  opened,
  onClose,
  selected,
  onInvited,
  onLimit,
}: {
  opened: boolean;
  onClose: () => void;
  selected: Candidate[];
  onInvited: () => void;
  /** The server refused past the users limit (402): the limit modal instead. */
  onLimit: () => void;
}) {
  const invite = useTrainingInvite();
  async function send() {
    try {
      const { invitedCandidatesIdentityIds: ids } = await invite.mutateAsync(
        selected.map((c) => c.identityId),
      );
      notifications.show({
        color: 'green',
        message: ids.length ? TR_LABELS.invited(ids.length) : TR_LABELS.invitedNone,
      });
      onInvited();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        onLimit();
        return;
      }
      notifications.show({ color: 'red', message: trainingTexts.invitationsFailed });
    }
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{TR_LABELS.inviteTitle}</Text>}
      size={layout.modalMaxWidth}
      centered
    >
      <Stack>
        <Text size="sm">{TR_LABELS.inviteIntro(selected.length)}</Text>
        <List size="sm" spacing={4} data-testid="invite-list">
          {selected.map((c) => (
            <List.Item key={c.identityId}>
              {c.name}{' '}
              <Text span c="dimmed" size="sm">
                ({c.email})
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {TR_LABELS.cancel}
          </Button>
          <Button onClick={send} loading={invite.isPending}>
            {TR_LABELS.inviteSend}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
