import { type TranscriptLine, wordsOfLine } from '@agaton/contracts';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { formatClock } from '../../../components/ui/format';
import { ApproximateTranscriptNote, TranscriptWords } from '../../../components/ui/transcript-text';
import { QA_LABELS } from '../texts';

const SPEAKER_COLOR = { AGENT: 'indigo.7', CUSTOMER: 'teal.7', UNKNOWN: 'gray.7' } as const;

/**
 * The call's transcript with speakers and times. Highlighted lines (a picked citation) are marked and
 * scrolled into view; clicking a line's time plays from there. Words the recogniser was unsure of are
 * marked, and a transcript that is mostly unsure says so above it (issue 26).
 */
export function ReportTranscript(props: {
  lines: TranscriptLine[];
  highlighted: number[];
  onSeek?: (seconds: number) => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const first = props.highlighted.length ? Math.min(...props.highlighted) : null;
  useEffect(() => {
    if (first === null) return;
    const node = viewport.current?.querySelector<HTMLElement>(`[data-line="${first}"]`);
    node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [first]);
  const words = useMemo(() => props.lines.map(wordsOfLine), [props.lines]);
  return (
    <Stack gap="xs">
      <ApproximateTranscriptNote words={words.flat()} />
      {/* Focusable, so a keyboard can scroll a long transcript (WCAG 2.1.1). */}
      <ScrollArea.Autosize
        mah={640}
        viewportRef={viewport}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': QA_LABELS.report.transcript }}
      >
        <Stack gap={4} pr="sm">
          {props.lines.map((line, i) => {
            const on = props.highlighted.includes(line.index);
            return (
              <Box
                key={line.index}
                data-line={line.index}
                data-highlighted={on || undefined}
                data-testid="qa-transcript-line"
                px="sm"
                py={6}
                style={{
                  borderRadius: 8,
                  background: on ? 'var(--mantine-color-yellow-1)' : undefined,
                  borderLeft: `3px solid ${on ? 'var(--mantine-color-yellow-6)' : 'transparent'}`,
                }}
              >
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Text
                    size="xs"
                    c="dimmed"
                    component={props.onSeek ? 'button' : 'span'}
                    onClick={props.onSeek ? () => props.onSeek?.(line.start) : undefined}
                    style={{
                      fontVariantNumeric: 'tabular-nums',
                      background: 'none',
                      border: 0,
                      padding: 0,
                      cursor: props.onSeek ? 'pointer' : undefined,
                    }}
                  >
                    {formatClock(line.start)}
                  </Text>
                  <Text size="sm" fw={700} c={SPEAKER_COLOR[line.speaker]} style={{ whiteSpace: 'nowrap' }}>
                    {line.speakerLabel}
                  </Text>
                </Group>
                <Text size="sm">
                  <TranscriptWords words={words[i]} />
                </Text>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
