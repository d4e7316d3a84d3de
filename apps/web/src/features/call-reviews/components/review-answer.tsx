import type { QcBullet, SessionCitation } from '@agaton/contracts';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDateTime } from '../../../components/ui/format';
import { CitationList } from '../../qa/components/citation-button';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { AnswerResponse } from './answer-response';
import { ReviewFlag } from './review-flag';

const A = T.answer;

/** A reviewer's override of the answer: who, when, what they changed (or confirmed) and why. */
function Override({ bullet }: { bullet: QcBullet }) {
  const override = bullet.review.override;
  if (!override) return null;
  const who = override.reviewer.name || A.someReviewer;
  return (
    <Paper radius="md" p="sm" bg="gray.0" data-testid="review-override">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {A.overrideHeading}
          </Text>
          <Text size="xs" c="dimmed">
            {A.overrideBy(who, formatDateTime(override.at))}
          </Text>
        </Group>
        <Text size="sm">
          {override.confirmsAutomatic
            ? A.overrideConfirmed
            : A.overrideChanged(A.answers[bullet.review.automatic.answer], A.answers[override.answer])}
        </Text>
        {override.reason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" fw={600}>
              {A.reason}:
            </Text>{' '}
            {override.reason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * One answered question of the agent's call: question, Explanation, answer and flag, the cited
 * moments (a click marks them in the transcript), a reviewer's override, and the agent's response.
 */
export function ReviewAnswer(props: {
  qcItemId: string;
  bullet: QcBullet;
  activeCitation: string | null;
  onCite: (key: string, citation: SessionCitation) => void;
}) {
  const { bullet } = props;
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="md"
      data-testid="review-answer"
      data-question={bullet.questionId}
      data-flag={bullet.flagLevel}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text
            id={titleId}
            fw={600}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="review-question"
          >
            {bullet.questionText}
          </Text>
          <ReviewFlag flag={bullet.flagLevel} />
        </Group>
        {bullet.presentationText ? (
          <Text size="sm" c="dimmed">
            <Text span fw={600} c="dimmed" size="sm">
              {A.explanation}:
            </Text>{' '}
            {bullet.presentationText}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            {A.answerLabel}: <strong data-testid="review-answer-value">{A.answers[bullet.answer]}</strong>
          </Text>
          {bullet.needsReview ? (
            <Badge color="orange" variant="outline" size="sm">
              {A.needsReview}
            </Badge>
          ) : null}
        </Group>
        <CitationList
          bullet={bullet}
          activeCitation={props.activeCitation}
          onCite={props.onCite}
          label={A.showInTranscript}
          icon={<IconQuote size={14} />}
          testId="review-citation"
          heading={A.citations}
          none={A.noCitation}
        />
        <Override bullet={bullet} />
        <AnswerResponse qcItemId={props.qcItemId} bullet={bullet} />
      </Stack>
    </Paper>
  );
}
