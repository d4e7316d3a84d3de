import type { SessionProfile, TimedWord } from '@agaton/contracts';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { scoreColor } from '../../../components/ui/score-band';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { normaliseWord } from '../utils/timed-words';
import { PERFORMANCE_COLOR, type Performance, PerformanceBadge, WordChip } from './feedback-parts';

/** A word of the pronunciation profile (challenging or mastered) with its sounds and performance. */
export type ProfileWord = NonNullable<
  SessionProfile['subProfiles']['pronunciationProfile']
>['challengingWords'][number];

function Phonemes({ phonemes }: { phonemes: ProfileWord['phonemes'] }) {
  return (
    <Group gap={4} wrap="wrap">
      {phonemes.map((p, i) => (
        <Badge
          // biome-ignore lint/suspicious/noArrayIndexKey: a sound may repeat within a word
          key={i}
          variant="light"
          color={PERFORMANCE_COLOR[p.performance as Performance]}
          radius="sm"
          tt="none"
          size="md"
          ff="monospace"
          title={`/${p.phonemeIpa}/: ${p.performance.toLowerCase()}`}
        >
          /{p.phonemeIpa}/
        </Badge>
      ))}
    </Group>
  );
}

export function WordTable({
  words,
  timed,
  testId,
  empty,
}: {
  words: ProfileWord[];
  timed: readonly TimedWord[];
  testId: string;
  /** Shown when there are no words. */
  empty: string;
}) {
  if (words.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{S.word}</Table.Th>
            <Table.Th>{S.sounds}</Table.Th>
            <Table.Th ta="right">{S.score}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {words.map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a word may be listed twice
            <Table.Tr key={`${w.word}-${i}`} data-testid="profile-word">
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Stack gap={6} align="flex-start">
                  <WordChip word={w.word} words={timed} color={scoreColor(w.score)} />
                  <PerformanceBadge performance={w.performance} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Stack gap={6}>
                  <Phonemes phonemes={w.phonemes} />
                  {w.explanation && (
                    <Text size="xs" c="dimmed" lh={1.5}>
                      {w.explanation}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td ta="right" fw={700} c={`${scoreColor(w.score)}.7`} style={{ verticalAlign: 'top' }}>
                {Math.round(w.score)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each mastered word once (its best score), as chips that play it; long lists fold. */
export function MasteredWords({ words, timed }: { words: ProfileWord[]; timed: readonly TimedWord[] }) {
  const [all, setAll] = useState(false);
  const best = new Map<string, ProfileWord>();
  for (const w of words) {
    const key = normaliseWord(w.word);
    if ((best.get(key)?.score ?? -1) < w.score) best.set(key, w);
  }
  const unique = [...best.values()];
  if (unique.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {S.nothingHere}
      </Text>
    );
  }
  const shown = all ? unique : unique.slice(0, MASTERED_SHOWN);
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap={6} data-testid="mastered-words-list">
        {shown.map((w) => (
          <WordChip key={w.word} word={w.word} words={timed} color="teal">
            {w.word}
            <Text span fz="xs" fw={700} opacity={0.7}>
              {Math.round(w.score)}
            </Text>
          </WordChip>
        ))}
      </Group>
      {unique.length > MASTERED_SHOWN && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
          {all ? S.showFewer : S.showAll(unique.length)}
        </Button>
      )}
    </Stack>
  );
}

const MASTERED_SHOWN = 24;
