import {
  type Admin,
  CANDIDATE_LEVELS,
  createCandidateRequestSchema,
  EMAIL_PATTERN,
  messages,
  PLAN_TEXTS,
} from '@agaton/contracts';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { layout } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { useCreateCandidate } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';

const initialValues = {
  name: '',
  email: '',
  department: null as string | null,
  position: null as string | null,
  level: null as string | null,
  // Not ticked: spec 2 §5 makes the test topic optional, and a test is spent only when asked for.
  sendNow: false,
  inviteTraining: false,
};

/** Add training user: no test, the invitation to the learning app offered (spec 2 §3 inviteUserToTraining). */
const trainingInitialValues = { ...initialValues, sendNow: false, inviteTraining: true };

/**
 * Add recruitment user (spec 2 §3 add-user form, §5 rules): name and email required, team, test topic
 * and level optional. "Send the English test now" starts unticked; ticked, it uses one test and makes
 * the test topic required (marked so, and checked by the form). With no test left the limit modal
 * opens instead (also when the server refuses with 402). In the training mode (Add training user) it
 * adds a trainee (no test) and offers the invitation to the learning app instead.
 */
export function AddUserModal({
  opened,
  onClose,
  admin,
  positions,
  onLimit,
  mode = 'recruitment',
}: {
  opened: boolean;
  onClose: () => void;
  admin: Admin;
  /** Test topics of the organisation's content. */
  positions: string[];
  /** Opens the tests-limit modal. */
  onLimit: () => void;
  /** 'training': Add training user (English Learning App). */
  mode?: 'recruitment' | 'training';
}) {
  const create = useCreateCandidate();
  const training = mode === 'training';
  const testsLeft = admin.productAccess.recruitment.testsLeftCount ?? 0;
  const form = useForm({
    initialValues: training ? trainingInitialValues : initialValues,
    validate: {
      name: (value) => (value.trim() ? null : messages.validation.provideName),
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : messages.validation.invalidEmail),
      position: (value, values) => (values.sendNow && !value ? RT_LABELS.topicNeeded : null),
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  async function submit(values: typeof initialValues) {
    if (values.sendNow && testsLeft < 1) {
      onLimit();
      return;
    }
    const body = createCandidateRequestSchema.parse({
      name: values.name,
      email: values.email,
      department: values.department ?? undefined,
      position: values.position ?? undefined,
      level: values.level ?? undefined,
      isRecruit: values.sendNow,
      isTrainee: training || values.inviteTraining,
      ...(training ? { inviteUserToTraining: values.inviteTraining } : {}),
    });
    try {
      const { createdCandidate } = await create.mutateAsync(body);
      const added = training && values.inviteTraining ? RT_LABELS.addedAndInvited : RT_LABELS.added;
      notifications.show({
        color: 'green',
        message: (values.sendNow ? RT_LABELS.addedAndSent : added)(createdCandidate.name),
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        // This page's own limit opens its modal; the other product's (the learning app's users, when
        // the invitation was ticked on the English Test page) is named in a toast.
        if (error.message === (training ? PLAN_TEXTS.limitUsers : PLAN_TEXTS.limitTests)) onLimit();
        else notifications.show({ color: 'red', message: error.message });
        return;
      }
      const duplicate = error instanceof ApiError && error.status === 409;
      notifications.show({
        color: 'red',
        message: duplicate ? error.message : messages.org.addingUser,
      });
    }
  }

  const teams = admin.organizationInfo.managedTeams.map((t) => ({ value: t.id, label: t.name }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{training ? RT_LABELS.addTrainingUserTitle : RT_LABELS.addUserTitle}</Text>}
      size={layout.modalMaxWidth}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={RT_LABELS.name}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <TextInput
              label={RT_LABELS.email}
              type="email"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: training ? 2 : 3 }}>
            <Select
              label={RT_LABELS.teamOptional}
              placeholder={RT_LABELS.optional}
              data={teams}
              clearable
              {...form.getInputProps('department')}
            />
            {training ? null : (
              <Select
                label={RT_LABELS.topic}
                placeholder={form.values.sendNow ? RT_LABELS.topicPlaceholder : RT_LABELS.optional}
                required={form.values.sendNow}
                data={positions}
                clearable
                {...form.getInputProps('position')}
              />
            )}
            <Select
              label={RT_LABELS.level}
              placeholder={RT_LABELS.optional}
              data={[...CANDIDATE_LEVELS]}
              clearable
              {...form.getInputProps('level')}
            />
          </SimpleGrid>
          {training ? null : (
            <Checkbox
              label={RT_LABELS.sendNow}
              description={`${RT_LABELS.sendNowHint} ${RT_LABELS.testsLeftNow(testsLeft)}`}
              {...form.getInputProps('sendNow', { type: 'checkbox' })}
              onChange={(event) => {
                form.setFieldValue('sendNow', event.currentTarget.checked);
                // Unticked, the topic is optional again: its "needed" message no longer applies.
                if (!event.currentTarget.checked) form.clearFieldError('position');
              }}
            />
          )}
          <Checkbox
            label={training ? RT_LABELS.inviteTrainingNow : RT_LABELS.inviteTraining}
            description={training ? RT_LABELS.inviteTrainingHint : undefined}
            {...form.getInputProps('inviteTraining', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {RT_LABELS.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {training ? RT_LABELS.addTrainingUser : RT_LABELS.add}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
