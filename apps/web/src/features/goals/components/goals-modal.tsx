import { goalTexts } from '@agaton/contracts';
import { Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { layout, MODAL_FADE_MS } from '../../../config/constants';
import { GOAL_INVENTED_TEXTS as T } from '../texts';
import { GoalSelectionForm } from './goal-selection-form';

interface GoalsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The preferences answered 401 (the layout sends the coach to sign-in). */
  onUnauthenticated: () => void;
}

/**
 * 'Your goals' from the coach area: the onboarding picker with the saved goals ticked. The content
 * mounts on each opening, so it always starts from the saved choice.
 */
export function GoalsModal({ opened, onClose, onUnauthenticated }: GoalsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={goalTexts.yourGoals}
      size={layout.modalMaxWidth}
      centered
      transitionProps={{ duration: MODAL_FADE_MS }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" c="dimmed" mb="md">
        {T.modalIntro}
      </Text>
      <GoalSelectionForm
        submitLabel={T.save}
        onCancel={onClose}
        onUnauthenticated={onUnauthenticated}
        onSaved={() => {
          notifications.show({ color: 'teal', message: T.saved });
          onClose();
        }}
      />
    </Modal>
  );
}
