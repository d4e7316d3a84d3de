import type { QcBullet, SessionCitation } from '@agaton/contracts';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A cited moment of a call (its time and quoted words) as a button that shows it: the QA report plays
 * the recording from there, the agent's call review highlights the transcript line.
 */
export function CitationButton(props: {
  citation: SessionCitation;
  active: boolean;
  onPick: () => void;
  /** What pressing it does, for screen readers ("Play from 0:12"). */
  label: (time: string) => string;
  icon: ReactNode;
  testId: string;
}) {
  const { citation } = props;
  const time = citation.citationTimeStrings.join(', ');
  const quotes = citation.quotes.map((quote) => `“${quote}”`);
  return (
    <UnstyledButton
      onClick={props.onPick}
      // What it does, then everything shown (time and quotes), for speech input (WCAG 2.5.3).
      aria-label={[props.label(time), ...quotes].join(' ')}
      aria-pressed={props.active}
      data-testid={props.testId}
      p="xs"
      style={{
        borderRadius: 8,
        border: `1px solid var(--mantine-color-${props.active ? 'indigo-5' : 'gray-3'})`,
        background: props.active ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <span style={{ marginTop: 3, flexShrink: 0, display: 'inline-flex' }}>{props.icon}</span>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" fw={700} c="indigo.7">
            {time}
          </Text>
          {quotes.map((quote) => (
            <Text key={quote} size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              {quote}
            </Text>
          ))}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * An answer's cited moments, each a {@link CitationButton} keyed `questionId:index` (the key the page
 * remembers as the active one), or `none` when nothing was cited.
 */
export function CitationList(props: {
  bullet: QcBullet;
  activeCitation: string | null;
  onCite: (key: string, citation: SessionCitation) => void;
  label: (time: string) => string;
  icon: ReactNode;
  testId: string;
  heading?: string;
  none: string;
}) {
  const { bullet } = props;
  if (!bullet.sessionCitations.length)
    return (
      <Text size="xs" c="dimmed">
        {props.none}
      </Text>
    );
  return (
    <Stack gap={6}>
      {props.heading ? (
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {props.heading}
        </Text>
      ) : null}
      {bullet.sessionCitations.map((citation, i) => {
        const key = `${bullet.questionId}:${i}`;
        return (
          <CitationButton
            key={key}
            citation={citation}
            active={props.activeCitation === key}
            onPick={() => props.onCite(key, citation)}
            label={props.label}
            icon={props.icon}
            testId={props.testId}
          />
        );
      })}
    </Stack>
  );
}
