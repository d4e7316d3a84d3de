import { type SessionSummary, sessionTexts } from '@agaton/contracts';
import { Badge, Box, Center, Group, Loader, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, IconWaveSine } from '@tabler/icons-react';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { LinkCard } from '../../../components/ui/link-card';
import { EmptyPanel, LoadMore, PanelError, RecordMeetingAction } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { isPending, useSessions } from '../api/sessions-api';
import { SESSION_INVENTED_TEXTS } from '../texts';
import { AnalysisProgress } from './analysis-progress';

const T = sessionTexts.sessions;

function SessionRow({ session }: { session: SessionSummary }) {
  const { analysis } = session;
  const pending = isPending(analysis);
  const failed = analysis.status === 'failed';
  return (
    <LinkCard
      to={paths.coachSession.href(session.id)}
      data-testid="session-item"
      data-status={analysis.status}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color={failed ? 'red' : 'brand'}>
            {failed ? <IconAlertTriangle size={20} /> : <IconWaveSine size={20} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{T.item(formatDateTime(session.timestampSeconds))}</Text>
            <Text size="sm" c="dimmed">
              {T.length(formatDuration(session.durationSeconds))}
            </Text>
            {pending && (
              <Box w={260} maw="100%" mt={4}>
                <AnalysisProgress analysis={analysis} compact />
              </Box>
            )}
            {failed && (
              <Text size="xs" c="red.7" data-testid="analysis-error">
                {analysis.error ?? SESSION_INVENTED_TEXTS.analysisFailedFallback}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="md" wrap="nowrap">
          {pending && (
            <Badge color="brand" variant="light" visibleFrom="xs">
              {SESSION_INVENTED_TEXTS.analysing}
            </Badge>
          )}
          {failed && (
            <Badge color="red" variant="light" data-testid="analysis-failed" visibleFrom="xs">
              {SESSION_INVENTED_TEXTS.analysisFailed}
            </Badge>
          )}
          <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
        </Group>
      </Group>
    </LinkCard>
  );
}

/** The 'History' tab of /coach/sessions (spec 1 section 2 "Sessions"). */
export function SessionsList() {
  const query = useSessions();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <Center py={64} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  } else if (query.isError && items.length === 0) {
    content = (
      <PanelError
        message={T.fetchFailed}
        retryLabel={SESSION_INVENTED_TEXTS.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyPanel
        text={T.empty}
        hint={SESSION_INVENTED_TEXTS.emptyHint}
        action={<RecordMeetingAction label={SESSION_INVENTED_TEXTS.recordMeeting} />}
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        {items.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
        <LoadMore
          label={sessionTexts.reports.loadMore}
          errorText={T.fetchFailed}
          failed={query.isFetchNextPageError}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoad={() => query.fetchNextPage()}
        />
      </Stack>
    );
  }

  return (
    <Tabs defaultValue="history">
      <Tabs.List mb="md">
        <Tabs.Tab value="history">{T.historyTab}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="history">{content}</Tabs.Panel>
    </Tabs>
  );
}
