import type { Member } from '@agaton/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ORG_LABELS } from '../texts';

/** Confirms archiving (licence revoked, coaching reports stopped) or unarchiving (no licence back). */
export function ArchiveDialog(props: {
  member: Member | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (member: Member) => void;
}) {
  const m = props.member;
  const name = m ? m.name || m.email : '';
  return (
    <Modal
      opened={m !== null}
      onClose={props.onClose}
      title={m?.isArchived ? ORG_LABELS.unarchiveTitle(name) : ORG_LABELS.archiveTitle(name)}
    >
      <Stack>
        <Text size="sm">{m?.isArchived ? ORG_LABELS.unarchiveBody : ORG_LABELS.archiveBody}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {ORG_LABELS.cancel}
          </Button>
          <Button
            color={m?.isArchived ? 'brand' : 'red'}
            loading={props.pending}
            onClick={() => m && props.onConfirm(m)}
          >
            {m?.isArchived ? ORG_LABELS.unarchive : ORG_LABELS.archive}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
