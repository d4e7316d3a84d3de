import { messages } from '@agaton/contracts';
import { Alert, Button, Group, JsonInput, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCode, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../components/ui/page-loader';
import { PanelError } from '../../../components/ui/page-states';
import { ApiError, type FieldIssue } from '../../../lib/api-client';
import { useSaveTestContent, useTestContent } from '../api/recruitment-api';
import { RT_LABELS } from '../texts';
import { TestContentSummary } from './test-content-summary';

/**
 * The Test content tab: the content at a glance and, for owners, "Edit as JSON" (the whole content
 * in a textarea; Save sends it, the server's validation errors are listed with their paths). Managers
 * see it read-only.
 */
export function TestContentPanel({ canEdit }: { canEdit: boolean }) {
  const content = useTestContent();
  const save = useSaveTestContent();
  const [draft, setDraft] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ message: string; details: FieldIssue[] } | null>(null);

  if (content.isPending) return <PageLoader />;
  if (content.isError) {
    return (
      <PanelError
        message={RT_LABELS.contentLoadFailed}
        retryLabel={RT_LABELS.retry}
        onRetry={() => content.refetch()}
        retrying={content.isFetching}
      />
    );
  }

  async function submit(text: string) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      setProblems({ message: RT_LABELS.jsonInvalid, details: [] });
      return;
    }
    try {
      await save.mutateAsync(body);
      setProblems(null);
      setDraft(null);
      notifications.show({ color: 'green', message: RT_LABELS.saved });
    } catch (error) {
      setProblems({
        message: error instanceof ApiError ? error.message : messages.general.fallback,
        details: error instanceof ApiError ? (error.details ?? []) : [],
      });
    }
  }

  const note = (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} py="xs" style={{ flex: 1 }}>
      {RT_LABELS.contentKept}
      {canEdit ? '' : ` ${RT_LABELS.ownersOnly}`}
    </Alert>
  );

  if (draft === null) {
    return (
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {note}
          {canEdit ? (
            <Button
              variant="default"
              leftSection={<IconCode size={16} />}
              onClick={() => setDraft(JSON.stringify(content.data, null, 2))}
            >
              {RT_LABELS.editJson}
            </Button>
          ) : null}
        </Group>
        <TestContentSummary content={content.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {note}
      {problems ? (
        <Alert
          color="red"
          variant="light"
          title={RT_LABELS.contentErrors}
          role="alert"
          data-testid="content-errors"
        >
          {problems.details.length === 0 ? <Text size="sm">{problems.message}</Text> : null}
          {problems.details.length > 0 ? (
            <List size="sm" spacing={2}>
              {problems.details.map((d) => (
                <List.Item key={`${d.path}:${d.message}`}>
                  <Text span ff="monospace" size="sm" fw={600}>
                    {d.path || '(root)'}
                  </Text>
                  : {d.message}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <JsonInput
        label={RT_LABELS.jsonLabel}
        value={draft}
        onChange={setDraft}
        rows={24}
        resize="vertical"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            setDraft(null);
            setProblems(null);
          }}
        >
          {RT_LABELS.cancel}
        </Button>
        <Button onClick={() => submit(draft)} loading={save.isPending}>
          {RT_LABELS.save}
        </Button>
      </Group>
    </Stack>
  );
}
