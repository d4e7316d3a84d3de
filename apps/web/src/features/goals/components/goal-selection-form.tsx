import { type GoalId, goalTexts } from '@agaton/contracts';
import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL } from '../../../config/constants';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePreferences, useSaveGoals } from '../api/goals-api';
import { GOAL_INVENTED_TEXTS as T } from '../texts';
import { GoalPicker } from './goal-picker';

interface GoalSelectionFormProps {
  /** Text of the submit button ('Continue' at onboarding, 'Save goals' in the coach area). */
  submitLabel: string;
  /**
   * Runs after the goals are saved, while the button still shows it is busy (onboarding fetches the
   * desktop app's one-time code here); what it throws is shown under the picker.
   */
  onSaved: () => Promise<void> | void;
  /** The preferences answered 401: the session is gone (spec 1 §2: sign-in with a return path). */
  onUnauthenticated: () => void;
  onCancel?: () => void;
  /** Cards per row on wider screens: one in the narrow onboarding card, two in the modal. */
  columns?: 1 | 2;
}

function SupportLine() {
  return (
    <Text size="sm">
      {T.supportLead} <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
    </Text>
  );
}

function PickerSkeleton({ columns }: { columns: 1 | 2 }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: columns }} spacing="sm" data-testid="goals-loading">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} height={columns === 1 ? 56 : 72} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * Loads the goals on offer with the coach's saved choice ticked, lets them choose one to three and
 * saves them (spec 1 §2 "Goal selection"). Submit is disabled with none chosen and while saving.
 */
export function GoalSelectionForm({
  submitLabel,
  onSaved,
  onUnauthenticated,
  onCancel,
  columns = 2,
}: GoalSelectionFormProps) {
  const preferences = usePreferences();
  const save = useSaveGoals();
  // Untouched, the saved goals are the selection; the first click takes over.
  const [picked, setPicked] = useState<GoalId[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unauthenticated = preferences.error instanceof ApiError && preferences.error.status === 401;

  useEffect(() => {
    if (unauthenticated) onUnauthenticated();
  }, [unauthenticated, onUnauthenticated]);

  if (preferences.isPending || unauthenticated) return <PickerSkeleton columns={columns} />;
  if (preferences.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" title={goalTexts.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <SupportLine />
          <Button
            size="xs"
            variant="default"
            onClick={() => preferences.refetch()}
            loading={preferences.isFetching}
          >
            {T.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const available = preferences.data.globalGoalSpecification.availableGoals;
  const selected = picked ?? preferences.data.userPreferences.goalPreferences.goals;

  async function submit() {
    if (busy || selected.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await save.mutateAsync(selected);
    } catch {
      setFailure(goalTexts.saveFailed);
      setBusy(false);
      return;
    }
    try {
      await onSaved();
    } catch (caught) {
      setFailure(errorMessage(caught));
    }
    setBusy(false);
  }

  return (
    <Stack gap="lg">
      <GoalPicker goals={available} value={selected} onChange={setPicked} disabled={busy} columns={columns} />
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
        ) : null}
        <Button onClick={submit} loading={busy} disabled={selected.length === 0} fullWidth={!onCancel}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
