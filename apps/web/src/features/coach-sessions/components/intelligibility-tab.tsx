import type { SessionProfile, TimedWord } from '@agaton/contracts';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAbc, IconEarOff } from '@tabler/icons-react';
import { scoreColor } from '../../../components/ui/score-band';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { Section, WordChip } from './feedback-parts';
import { ScoreHeader } from './score-header';

type Profile = NonNullable<SessionProfile['subProfiles']['intelligibillityProfile']>;

/** Intelligibility: score, explanation and the causes of a low score (words, abbreviations). */
export function IntelligibilityTab({ profile, words }: { profile: Profile; words: readonly TimedWord[] }) {
  const { wordStats, abbreviationStats } = profile.causeOfLowScore;
  return (
    <Stack gap="md">
      <ScoreHeader
        score={profile.overallScore}
        label={S.intelligibility}
        explanation={profile.overallExplanation}
      />
      <Text fw={650} mt="xs">
        {S.causesOfLowScore}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section
          title={S.wordStats}
          testId="word-stats"
          icon={<IconEarOff size={18} color="var(--mantine-color-red-6)" />}
        >
          {wordStats.length ? (
            <Table verticalSpacing={6}>
              <Table.Tbody>
                {wordStats.map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a word may be listed twice
                  <Table.Tr key={`${w.word}-${i}`}>
                    <Table.Td>
                      <WordChip word={w.word} words={words} color={scoreColor(w.averageScore)} />
                    </Table.Td>
                    <Table.Td ta="right" fw={700} c={`${scoreColor(w.averageScore)}.7`}>
                      {Math.round(w.averageScore)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {S.noUnclearWords}
            </Text>
          )}
        </Section>
        <Section
          title={S.abbreviationStats}
          testId="abbreviation-stats"
          icon={<IconAbc size={18} color="var(--mantine-color-orange-6)" />}
        >
          {abbreviationStats.length ? (
            <Group gap={6}>
              {abbreviationStats.map((a) => (
                <Badge key={a.abbreviation} variant="light" color="orange" size="lg" radius="sm" tt="none">
                  {a.abbreviation}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {S.noAbbreviations}
            </Text>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
