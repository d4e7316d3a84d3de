import type { TimedWord } from '@agaton/contracts';
import { Badge, Card, Group, List, Text, ThemeIcon, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePlayback } from '../hooks/playback';
import { FEEDBACK_SECTIONS, SESSION_INVENTED_TEXTS } from '../texts';
import { occurrencesOf } from '../utils/timed-words';
import classes from './feedback-parts.module.css';

export type Performance = 'HIGH' | 'MEDIUM' | 'LOW';

/** Pill colours of the performance levels (positive, warning, negative). */
export const PERFORMANCE_COLOR: Record<Performance, string> = { HIGH: 'teal', MEDIUM: 'orange', LOW: 'red' };
export const PERFORMANCE_LABEL: Record<Performance, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

/** A titled card of the feedback page. */
export function Section({
  title,
  icon,
  children,
  testId,
  aside,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
  aside?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          {icon}
          <Title order={2} fz="md">
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

export function PerformanceBadge({ performance }: { performance: Performance }) {
  return (
    <Badge variant="light" color={PERFORMANCE_COLOR[performance]} size="sm" radius="sm">
      {PERFORMANCE_LABEL[performance]}
    </Badge>
  );
}

/** Bullets, or a muted line when there is nothing to list. */
export function Bullets({
  items,
  icon,
  empty,
}: {
  items: readonly string[];
  icon?: ReactNode;
  empty?: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty ?? FEEDBACK_SECTIONS.nothingHere}
      </Text>
    );
  }
  return (
    <List spacing={8} size="sm" lh={1.55} icon={icon}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: texts may repeat; the list never reorders
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

export function BulletIcon({ color, children }: { color: string; children: ReactNode }) {
  return (
    <ThemeIcon size={20} radius="xl" variant="light" color={color}>
      {children}
    </ThemeIcon>
  );
}

/**
 * A word from the feedback that plays the recording where it was said (its first occurrence in the
 * timed transcript); a plain chip when there is no recording or the word is not in the transcript.
 */
export function WordChip({
  word,
  words,
  color = 'gray',
  score,
}: {
  word: string;
  words: readonly TimedWord[];
  color?: string;
  /** Shown after the word (mastered words), and said in the button's name. */
  score?: number;
}) {
  const playback = usePlayback();
  const [start] = occurrencesOf(words, word);
  const label = (
    <>
      {word}
      {/* The space keeps "word score" apart in the text read out (the chip's gap draws it). */}
      {score !== undefined && ' '}
      {score !== undefined && (
        <Text span fz="xs" fw={700}>
          {score}
        </Text>
      )}
    </>
  );
  // The name holds the visible word and score in that order, for speech input (WCAG 2.5.3).
  const name =
    score === undefined
      ? SESSION_INVENTED_TEXTS.jumpTo(word)
      : SESSION_INVENTED_TEXTS.jumpToScored(word, score);
  if (!playback || start === undefined) {
    return (
      <span className={classes.chip} data-color={color} style={chipVars(color)}>
        {label}
      </span>
    );
  }
  return (
    <Tooltip label={name} openDelay={300}>
      <UnstyledButton
        className={classes.chip}
        style={chipVars(color)}
        onClick={() => playback.playAt(start)}
        aria-label={name}
        data-testid="word-chip"
        data-word={word}
      >
        <IconPlayerPlayFilled size={10} className={classes.play} />
        {label}
      </UnstyledButton>
    </Tooltip>
  );
}

const chipVars = (color: string) =>
  ({
    '--chip-bg': `var(--mantine-color-${color}-0)`,
    '--chip-bg-hover': `var(--mantine-color-${color}-1)`,
    '--chip-fg': `var(--mantine-color-${color}-9)`,
    '--chip-border': `var(--mantine-color-${color}-2)`,
  }) as React.CSSProperties;
