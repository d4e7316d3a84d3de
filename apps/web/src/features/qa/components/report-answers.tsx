import type { QcBullet, SessionCitation } from '@agaton/contracts';
import { Badge, Divider, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { QA_LABELS as L } from '../texts';
import { answerLabel, bulletsWorstFirst } from '../utils/flags';
import { percent } from '../utils/review';
import { ReviewActions, ReviewBadges, ReviewDetails, ReviewModal, type ReviewTarget } from './answer-review';
import { CitationList } from './citation-button';
import { FlagBadge } from './flag-badge';

const R = L.report;

/**
 * One answered question: question, Explanation, answer, flag, confidence, needs review, what people
 * did to it (override or confirmation, the agent's response), citations, and the reviewer's actions.
 */
function AnswerCard(props: {
  qcItemId: string;
  bullet: QcBullet;
  activeCitation: string | null;
  onCite: (key: string, citation: SessionCitation) => void;
  onReview: (target: ReviewTarget) => void;
}) {
  const { bullet } = props;
  const overridden = bullet.review.override !== null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="qa-answer"
      data-flag={bullet.flagLevel}
      data-question={bullet.questionId}
      style={bullet.review.disputeOpen ? { borderColor: 'var(--mantine-color-orange-4)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{bullet.questionText}</Text>
          <FlagBadge flag={bullet.flagLevel} />
        </Group>
        <ReviewBadges bullet={bullet} />
        <Text size="sm" c="dimmed">
          <Text span fw={600} c="dimmed" size="sm">
            {L.explanation}:
          </Text>{' '}
          {bullet.presentationText}
        </Text>
        <Group gap="md">
          <Text size="sm">
            {R.answer}: <strong data-testid="qa-answer-value">{answerLabel(bullet.answer)}</strong>
          </Text>
          {/* An override's confidence is the automatic answer's: shown with it below. */}
          {overridden ? null : (
            <Text size="sm" c="dimmed">
              {R.confidence}: {percent(bullet.confidence)}%
            </Text>
          )}
          {bullet.needsReview ? (
            <Tooltip label={R.needsReviewHint}>
              <Badge color="orange" variant="outline" size="sm">
                {R.needsReview}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <ReviewDetails bullet={bullet} />
        <CitationList
          bullet={bullet}
          activeCitation={props.activeCitation}
          onCite={props.onCite}
          label={R.playFrom}
          icon={<IconPlayerPlay size={14} />}
          testId="qa-citation"
          none={R.noCitation}
        />
        <Divider />
        <ReviewActions qcItemId={props.qcItemId} bullet={bullet} onOpen={props.onReview} />
      </Stack>
    </Paper>
  );
}

/** Every answer of the report, worst flag first, and the override form they open. */
export function ReportAnswers(props: {
  qcItemId: string;
  bullets: QcBullet[];
  activeCitation: string | null;
  onCite: (key: string, citation: SessionCitation) => void;
}) {
  const [review, setReview] = useState<{ target: ReviewTarget | null; opened: boolean }>({
    target: null,
    opened: false,
  });
  if (props.bullets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {R.noAnswers}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {bulletsWorstFirst(props.bullets).map((bullet) => (
        <AnswerCard
          key={bullet.questionId}
          qcItemId={props.qcItemId}
          bullet={bullet}
          activeCitation={props.activeCitation}
          onCite={props.onCite}
          onReview={(target) => setReview({ target: { ...target, key: Date.now() }, opened: true })}
        />
      ))}
      <ReviewModal
        qcItemId={props.qcItemId}
        target={review.target}
        opened={review.opened}
        onClose={() => setReview((r) => ({ ...r, opened: false }))}
      />
    </Stack>
  );
}
