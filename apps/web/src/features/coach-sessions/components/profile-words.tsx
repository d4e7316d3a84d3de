import type { SessionProfile, TimedWord } from '@agaton/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
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
    <ResponsiveTable
      rows={words}
      // A word may be listed twice.
      rowKey={(w, i) => `${w.word}-${i}`}
      minWidth={480}
      testId={testId}
      rowProps={() => ({ 'data-testid': 'profile-word' })}
      columns={[
        {
          key: 'word',
          header: S.word,
          phone: 'title',
          td: { style: TOP },
          cell: (w) => (
            <Stack gap={6} align="flex-start">
              <WordChip word={w.word} words={timed} color={scoreColor(w.score)} />
              <PerformanceBadge performance={w.performance} />
            </Stack>
          ),
        },
        {
          key: 'sounds',
          header: S.sounds,
          phone: 'full',
          td: { style: TOP },
          cell: (w) => (
            <Stack gap={6}>
              <Phonemes phonemes={w.phonemes} />
              {w.explanation && (
                <Text size="xs" c="dimmed" lh={1.5}>
                  {w.explanation}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'score',
          header: S.score,
          td: { ta: 'right', style: TOP },
          cell: (w) => (
            <Text span size="sm" fw={700} c={`${scoreColor(w.score)}.7`}>
              {Math.round(w.score)}
            </Text>
          ),
        },
      ]}
    />
  );
}

const TOP = { verticalAlign: 'top' } as const;

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
          <WordChip key={w.word} word={w.word} words={timed} color="teal" score={Math.round(w.score)} />
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
