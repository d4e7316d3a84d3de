import {
  isApproximateTranscript,
  type QcItemDetail,
  type SessionCitation,
  wordsOfLine,
} from '@agaton/contracts';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconMessageReport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { PageLoader } from '../../../components/ui/page-loader';
import { PageError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { isNotFoundError } from '../../../lib/api-client';
import { useQaItem, useReviewItem } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { openDisputes } from '../utils/review';
import { FlagBadge } from './flag-badge';
import { ItemHistory } from './item-history';
import { ReportAnswers } from './report-answers';
import { ReportTranscript } from './report-transcript';

const R = L.report;
const ALERTS_HREF = `${paths.dashboardAssistant.href()}?tab=qa-alerts`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" data-testid={`qa-fact-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Stack>
  );
}

function Report({ item }: { item: QcItemDetail }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [active, setActive] = useState<{ key: string; lines: number[] } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const review = useReviewItem();
  const disputes = openDisputes(item.bullets);
  const { call } = item;
  // Such a call's answers are all saved needing review (issue 26): say why beside them.
  const approximate =
    item.bullets.some((b) => b.needsReview) && isApproximateTranscript(call.transcript.flatMap(wordsOfLine));

  const seek = (seconds: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = seconds;
    // A browser may refuse to play (autoplay rules); the player then waits at that moment.
    Promise.resolve(player.play()).catch(() => undefined);
  };
  const cite = (key: string, citation: SessionCitation) => {
    setActive({ key, lines: citation.lineIndexes });
    seek(citation.start);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="xs">
            <Group gap="sm">
              <Title order={1} fz={24}>
                {call.title}
              </Title>
              <FlagBadge flag={item.flagLevel} size="md" />
              {disputes > 0 ? (
                <Badge
                  color="orange"
                  variant="light"
                  size="md"
                  leftSection={<IconMessageReport size={14} />}
                  data-testid="qa-report-disputes"
                >
                  {R.openDisputes(disputes)}
                </Badge>
              ) : null}
            </Group>
            <Group gap="xl" wrap="wrap">
              <Fact label={R.agent} value={call.agent.name || call.agent.email} />
              <Fact label={R.date} value={formatDateTime(call.occurredAt)} />
              {call.durationSeconds !== null && (
                <Fact label={R.duration} value={formatDuration(call.durationSeconds)} />
              )}
              <Fact label={R.source} value={R.sources[call.source]} />
            </Group>
          </Stack>
          <Group gap="md">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconHistory size={16} />}
              onClick={() => setHistoryOpen(true)}
            >
              {L.history.open}
            </Button>
            <Switch
              label={R.reviewed}
              checked={item.review.isMarked}
              onChange={(e) =>
                review.mutate(
                  { qcItemId: item.qcItemId, isReviewed: e.currentTarget.checked },
                  { onError: () => notifications.show({ color: 'red', message: L.reviewFailed }) },
                )
              }
            />
          </Group>
        </Group>
        {call.recordingUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the call's text.
          <audio
            ref={audio}
            src={call.recordingUrl}
            controls
            preload="metadata"
            style={{ width: '100%', marginTop: 16 }}
            data-testid="qa-player"
          />
        ) : (
          <Text size="sm" c="dimmed" mt="md">
            {R.noRecording}
          </Text>
        )}
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={2} fz="lg" mb="sm">
            {R.answers}
          </Title>
          {approximate ? (
            <Text size="sm" c="dimmed" mb="sm" data-testid="qa-approximate-review">
              {R.approximateReview}
            </Text>
          ) : null}
          <ReportAnswers
            qcItemId={item.qcItemId}
            bullets={item.bullets}
            activeCitation={active?.key ?? null}
            onCite={cite}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={2} fz="lg" mb="sm">
            {R.transcript}
          </Title>
          <Paper withBorder radius="lg" p="xs" style={{ position: 'sticky', top: 16 }}>
            <ReportTranscript
              lines={call.transcript}
              highlighted={active?.lines ?? []}
              onSeek={call.recordingUrl ? seek : undefined}
            />
          </Paper>
        </Grid.Col>
      </Grid>
      <ItemHistory qcItemId={item.qcItemId} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Stack>
  );
}

/**
 * /dashboard/assistant/qa-report/:reportEntityId (spec 3 §2.2): the call, its recording and
 * transcript, and every answer with its citations; a citation marks its lines and plays that moment.
 * A reviewer overrides, confirms or restores each answer, sees the agent's disputes and
 * acknowledgements, and opens the item's history (issue 27).
 */
export function QaReportPage({ reportEntityId }: { reportEntityId: string }) {
  const query = useQaItem(reportEntityId);
  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={ALERTS_HREF} size="sm">
        {R.breadcrumb}
      </Anchor>
      {query.data ? (
        <Text size="sm" c="dimmed">
          {query.data.call.title}
        </Text>
      ) : null}
    </Breadcrumbs>
  );
  if (query.isPending) return <PageLoader />;
  if (!query.data) {
    const notFound = isNotFoundError(query.error);
    return (
      <>
        {crumbs}
        <PageError
          testId="qa-report-error"
          message={notFound ? R.notFound : L.failedToLoad}
          advice={notFound ? R.notFoundAdvice : undefined}
          notFound={notFound}
          back={{ to: ALERTS_HREF, label: R.back }}
          retry={{ label: L.tryAgain, onRetry: () => query.refetch(), retrying: query.isFetching }}
        />
      </>
    );
  }
  return (
    <>
      {crumbs}
      <Report item={query.data} />
    </>
  );
}
