import { type Candidate, messages, sendTestRequestSchema } from '@agaton/contracts';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { layout } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { useSendTest } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';

/**
 * Send test (spec 2 §5): a test type (position) and at least one user, the ones selected in the
 * table or picked here. Blocked with the limit modal when fewer tests are left than users, and when
 * the server refuses with 402.
 */
export function SendTestModal({
  opened,
  onClose,
  candidates,
  preselected,
  positions,
  testsLeft,
  onLimit,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  candidates: Candidate[];
  /** Candidates selected in the table when the modal opened. */
  preselected: string[];
  positions: string[];
  testsLeft: number;
  onLimit: () => void;
  /** Called after a successful send (the page clears its selection). */
  onSent: () => void;
}) {
  const send = useSendTest();
  const form = useForm({
    initialValues: { position: null as string | null, users: [] as string[] },
    validate: {
      position: (value) => (value ? null : messages.validation.selectTestType),
      users: (value) => (value.length > 0 ? null : messages.validation.selectUsers),
    },
  });
  const { setValues, reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset();
    setValues({ users: preselected });
  }, [opened, preselected, reset, setValues]);

  async function submit(values: { position: string | null; users: string[] }) {
    if (testsLeft < values.users.length) {
      onLimit();
      return;
    }
    try {
      const { createdChallenges } = await send.mutateAsync(
        sendTestRequestSchema.parse({ position: values.position, candidateAstridIdentityIds: values.users }),
      );
      notifications.show({ color: 'green', message: RT_LABELS.sent(createdChallenges.length) });
      onSent();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        onLimit();
        return;
      }
      notifications.show({ color: 'red', message: messages.org.sendingTest });
    }
  }

  const userOptions = candidates.map((c) => ({ value: c.identityId, label: `${c.name} (${c.email})` }));
  const count = form.values.users.length;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{RT_LABELS.sendTestTitle}</Text>}
      size={layout.modalMaxWidth}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Select
            label={RT_LABELS.testType}
            placeholder={RT_LABELS.testTypePlaceholder}
            data={positions}
            withAsterisk
            {...form.getInputProps('position')}
          />
          <MultiSelect
            label={RT_LABELS.users}
            placeholder={count ? undefined : RT_LABELS.usersPlaceholder}
            data={userOptions}
            searchable
            withAsterisk
            maxDropdownHeight={layout.dropdownMaxHeight}
            {...form.getInputProps('users')}
          />
          <Text size="sm" c="dimmed">
            {count > 0 ? `${RT_LABELS.sendHint(count)} ` : ''}
            {RT_LABELS.testsLeftNow(testsLeft)} {RT_LABELS.sendResend}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {RT_LABELS.cancel}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {RT_LABELS.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
