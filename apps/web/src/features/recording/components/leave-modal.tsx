import { sessionTexts } from '@agaton/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { MODAL_FADE_MS } from '../../../config/constants';

/** 'Leaving now will cancel your recording. Proceed anyway?' with 'No' and 'Yes, proceed'. */
export function LeaveModal(props: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onStay}
      withCloseButton={false}
      centered
      size={420}
      transitionProps={{ duration: MODAL_FADE_MS }}
    >
      <Text>{sessionTexts.record.leaveConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onStay} data-autofocus>
          {sessionTexts.record.leaveNo}
        </Button>
        <Button color="red" onClick={props.onLeave}>
          {sessionTexts.record.leaveYes}
        </Button>
      </Group>
    </Modal>
  );
}
