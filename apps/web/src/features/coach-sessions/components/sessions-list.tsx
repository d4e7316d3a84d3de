import { type SessionSummary, sessionTexts } from '@agaton/contracts';
import { Badge, Box, Center, Group, Loader, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, IconWaveSine } from '@tabler/icons-react';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { LinkCard } from '../../../components/ui/link-card';
import { EmptyPanel, LoadMore, PanelError, RecordMeetingAction } from '../../../components/ui/page-states';
import { scoreColor } from '../../../components/ui/score-band';
import { paths } from '../../../config/paths';
import { isPending, useSessions } from '../api/sessions-api';
import { SESSION_INVENTED_TEXTS } from '../texts';
import { changesOnPrevious, scoreTrend } from '../utils/score-trend';
import { AnalysisProgress } from './analysis-progress';
import { ScoreTrendCard } from './score-trend-card';

const T = sessionTexts.sessions;

/** The overall score at the end of a row: the number in its band's colour, or why there is none. */
function RowScore({ score }: { score: number | null }) {
  if (score === null) {
    return (
      <Text size="xs" c="dimmed" ta="right" maw={90} data-testid="session-score">
        {SESSION_INVENTED_TEXTS.notScored}
      </Text>
    );
  }
  const value = Math.round(score);
  return (
    <Stack gap={0} align="flex-end" data-testid="session-score">
      <Text fw={750} fz={22} lh={1.1} c={`${scoreColor(value)}.7`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {SESSION_INVENTED_TEXTS.overall}
      </Text>
    </Stack>
  );
}

function SessionRow({ session, change }: { session: SessionSummary; change: number | undefined }) {
  const { analysis } = session;
  const pending = isPending(analysis);
  const failed = analysis.status === 'failed';
  const done = analysis.status === 'done';
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
            {change !== undefined && (
              <Text
                size="xs"
                fw={600}
                c={change > 0 ? 'teal.8' : change < 0 ? 'red.8' : 'dimmed'}
                data-testid="score-change"
              >
                {SESSION_INVENTED_TEXTS.change(change)}
              </Text>
            )}
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
          {done && <RowScore score={session.overallScore} />}
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
    const changes = changesOnPrevious(items);
    content = (
      <Stack gap="sm">
        <ScoreTrendCard trend={scoreTrend(items)} />
        {items.map((session) => (
          <SessionRow key={session.id} session={session} change={changes.get(session.id)} />
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
