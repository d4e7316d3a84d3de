import type { QcItemDetail, SessionCitation } from '@agaton/contracts';
import { Anchor, Badge, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { PageLoader } from '../../../components/ui/page-loader';
import { PageError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { isNotFoundError } from '../../../lib/api-client';
import { ReportTranscript } from '../../qa/components/report-transcript';
import { useCallReview } from '../api/call-reviews-api';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { answersWorstFirst, attentionOf } from '../utils/attention';
import { ReviewAnswer } from './review-answer';
import { ReviewFlag } from './review-flag';

const D = T.detail;
const LIST_HREF = paths.coachCallReviews.href();

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Review({ item }: { item: QcItemDetail }) {
  const { call } = item;
  const audio = useRef<HTMLAudioElement>(null);
  const [active, setActive] = useState<{ key: string; lines: number[] } | null>(null);
  const attention = attentionOf(item.bullets);
  const counts = [
    attention.red > 0 && { key: 'red', color: 'red', label: T.list.red(attention.red) },
    attention.yellow > 0 && { key: 'yellow', color: 'yellow', label: T.list.yellow(attention.yellow) },
    attention.disputed > 0 && { key: 'disputed', color: 'grape', label: T.list.disputed(attention.disputed) },
  ].filter((c) => c !== false);
  useDocumentTitle(`${call.title} · ${T.title} · Agaton`);

  const cite = (key: string, citation: SessionCitation) => {
    setActive({ key, lines: citation.lineIndexes });
    const player = audio.current;
    if (!player) return;
    player.currentTime = citation.start;
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Title order={1} fz={{ base: 22, sm: 26 }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {call.title}
            </Title>
            <ReviewFlag flag={item.flagLevel} size="md" />
          </Group>
          <Group gap="xl" wrap="wrap">
            <Fact label={D.date} value={formatDateTime(call.occurredAt)} testId="call-review-date" />
            {call.durationSeconds !== null ? (
              <Fact
                label={D.duration}
                value={formatDuration(call.durationSeconds)}
                testId="call-review-duration"
              />
            ) : null}
          </Group>
          {counts.length ? (
            <Group gap={6} wrap="wrap">
              {counts.map((c) => (
                <Badge key={c.key} color={c.color} variant="light" size="sm">
                  {c.label}
                </Badge>
              ))}
            </Group>
          ) : null}
          {call.recordingUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the transcript below the player is the call's text.
            <audio
              ref={audio}
              src={call.recordingUrl}
              controls
              preload="metadata"
              aria-label={D.recording}
              style={{ width: '100%' }}
              data-testid="call-review-player"
            />
          ) : null}
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-label={D.answersHeading}>
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {D.answersHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {D.answersHint}
          </Text>
        </Stack>
        {item.bullets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {D.noAnswers}
          </Text>
        ) : (
          answersWorstFirst(item.bullets).map((bullet) => (
            <ReviewAnswer
              key={bullet.questionId}
              qcItemId={item.qcItemId}
              bullet={bullet}
              activeCitation={active?.key ?? null}
              onCite={cite}
            />
          ))
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-label={D.transcriptHeading}>
        <Title order={2} fz="lg">
          {D.transcriptHeading}
        </Title>
        <Paper withBorder radius="lg" p="xs">
          {call.transcript.length ? (
            <ReportTranscript lines={call.transcript} highlighted={active?.lines ?? []} />
          ) : (
            <Text size="sm" c="dimmed" p="sm">
              {D.noTranscript}
            </Text>
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}

/**
 * /coach/call-reviews/:qcItemId: one of the coach's calls as QA answered it — every question with its
 * answer, flag, cited moments and a reviewer's override, the coach's Acknowledge or Dispute per answer,
 * and the call's transcript below (issue 27 item 4).
 */
export function CallReviewDetail({ qcItemId }: { qcItemId: string }) {
  const query = useCallReview(qcItemId);
  const crumbs = (
    <Breadcrumbs mb="sm" styles={{ root: { flexWrap: 'wrap' } }}>
      <Anchor component={Link} to={LIST_HREF} size="sm">
        {D.breadcrumb}
      </Anchor>
      {query.data ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
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
          testId="call-review-error"
          message={notFound ? D.notFound : T.loadFailed}
          advice={notFound ? D.notFoundAdvice : undefined}
          notFound={notFound}
          back={{ to: LIST_HREF, label: D.back }}
          retry={{ label: T.retry, onRetry: () => query.refetch(), retrying: query.isFetching }}
        />
      </>
    );
  }
  return (
    <>
      {crumbs}
      <Review item={query.data} />
    </>
  );
}
