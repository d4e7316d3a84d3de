import type { AssessmentStatus, PartProgress } from '@agaton/contracts';
import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../components/ui/format';
import { CANDIDATE_TEXTS } from '../texts';
import { PartsProgress } from './parts-progress';

/** The clock turns to a warning colour, and screen readers hear a notice, at this many seconds left. */
export const CLOCK_WARNING_SECONDS = 60;

/** A part's countdown (hh:mm:ss, role="timer") with a one-time notice at one minute left. */
export function PartClock({ seconds, part }: { seconds: number; part: string }) {
  const [warned, setWarned] = useState<string | null>(null);
  const low = seconds <= CLOCK_WARNING_SECONDS;
  useEffect(() => {
    if (low && seconds > 0 && warned !== part) setWarned(part);
  }, [low, seconds, part, warned]);
  return (
    <>
      <Badge
        size="xl"
        radius="md"
        variant={low ? 'filled' : 'light'}
        color={low ? 'orange' : 'gray'}
        leftSection={<IconClock size={18} aria-hidden />}
        styles={{ label: { fontVariantNumeric: 'tabular-nums', textTransform: 'none' } }}
      >
        <span role="timer" aria-label={CANDIDATE_TEXTS.timeLeft}>
          {formatDuration(seconds)}
        </span>
      </Badge>
      <VisuallyHidden aria-live="assertive" data-testid="clock-notice">
        {warned === part ? CANDIDATE_TEXTS.oneMinuteLeft : ''}
      </VisuallyHidden>
    </>
  );
}

/**
 * Header of the runner: progress over the four parts, then the current part's name, level and
 * question number beside its clock.
 */
export function RunnerHeader(props: {
  status: AssessmentStatus;
  progress: PartProgress;
  /** Seconds left on the part's clock; null before the part starts. */
  secondsLeft: number | null;
  /** Whether to show the question line (not on a part's introduction). */
  showQuestion: boolean;
}) {
  const { status, progress, secondsLeft, showQuestion } = props;
  const levels = progress.part !== 'FreeSpeech';
  return (
    <Stack gap="md" component="header">
      <PartsProgress status={status} current={progress.part} />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {CANDIDATE_TEXTS.partLabel(progress.part)}
          </Title>
          {showQuestion && (
            <Text size="sm" c="dimmed" data-testid="question-position">
              {levels ? `${CANDIDATE_TEXTS.levelLabel(progress.level)} · ` : ''}
              {CANDIDATE_TEXTS.question(
                Math.min(progress.answered + 1, Math.max(progress.total, 1)),
                Math.max(progress.total, 1),
              )}
            </Text>
          )}
        </Stack>
        {secondsLeft !== null && <PartClock seconds={secondsLeft} part={progress.part} />}
      </Group>
    </Stack>
  );
}
