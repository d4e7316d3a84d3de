import type { Admin } from '@agaton/contracts';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useChecklistSources } from '../api/account-api';
import { buildChecklist, type ChecklistItem } from '../utils/checklist';

/** Progress line of the checklist: "n of m done". */
export const checklistProgress = (done: number, total: number) => `${done} of ${total} done`;

function Item({ item }: { item: ChecklistItem }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`checklist-${item.key}`} data-done={item.done}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color={item.done ? 'teal' : 'gray'} variant="light" radius="xl">
            {item.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{item.title}</Text>
              {item.done ? (
                <Badge color="teal" variant="light">
                  Done
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {item.why}
            </Text>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={item.to}
          variant={item.done ? 'subtle' : 'light'}
          style={{ flexShrink: 0 }}
        >
          {item.action}
        </Button>
      </Group>
    </Paper>
  );
}

/** /dashboard/onboarding: the first-run checklist, each item computed from the organisation's data. */
export function OnboardingPage({ admin }: { admin: Admin }) {
  const { teams, candidates } = useChecklistSources(admin.organizationInfo.id);
  if (teams.isPending || candidates.isPending) return <Loader />;
  const failed = teams.error ?? candidates.error;
  const items = buildChecklist({ admin, teams: teams.data ?? [], candidates: candidates.data ?? [] });
  const done = items.filter((item) => item.done).length;
  return (
    <Stack gap="md">
      {failed ? <Alert color="red">{errorMessage(failed)}</Alert> : null}
      <Stack gap={4}>
        <Text fw={600} data-testid="checklist-progress">
          {checklistProgress(done, items.length)}
        </Text>
        <Progress value={(done / items.length) * 100} color="teal" aria-label="Checklist progress" />
      </Stack>
      {items.map((item) => (
        <Item key={item.key} item={item} />
      ))}
    </Stack>
  );
}
