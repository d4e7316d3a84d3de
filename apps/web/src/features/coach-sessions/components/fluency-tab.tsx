import { type SessionProfile, sessionTexts, type TimedWord } from '@agaton/contracts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGauge, IconPlayerPause } from '@tabler/icons-react';
import { RateGauge } from '../../../components/ui/rate-gauge';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { Section, WordChip } from './feedback-parts';
import { ScoreHeader } from './score-header';

type Profile = NonNullable<SessionProfile['subProfiles']['fluencyProfile']>;

/** Hesitations and pauses per sentence, rounded to one decimal (spec 1 section 2). */
export const perSentence = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

function WordList({
  items,
  words,
  color,
}: {
  items: { word: string }[];
  words: readonly TimedWord[];
  color: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {S.noneStoodOut}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a word may be listed twice
        <WordChip key={`${item.word}-${i}`} word={item.word} words={words} color={color} />
      ))}
    </Group>
  );
}

/** Fluency: score, hesitations and pauses per sentence, the speaking-rate gauge, fast and slow words. */
export function FluencyTab({ profile, words }: { profile: Profile; words: readonly TimedWord[] }) {
  const rate = profile.speakingRate;
  return (
    <Stack gap="md">
      <ScoreHeader score={profile.overallScore} label={S.fluency} explanation={profile.overallExplanation} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section
          title={S.hesitations}
          testId="hesitations"
          icon={<IconPlayerPause size={18} color="var(--mantine-color-brand-6)" />}
        >
          <Text fz={40} fw={750} lh={1.1} data-testid="hesitations-value">
            {perSentence(profile.hesitationsAndPausesPerSentence)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {S.perSentenceHint}
          </Text>
        </Section>
        <Section
          title={S.speakingRate}
          testId="speaking-rate"
          icon={<IconGauge size={18} color="var(--mantine-color-brand-6)" />}
        >
          <RateGauge wpm={rate.wordsPerMinute} label={S.wordsPerMinute} />
          <Text size="xs" c="dimmed" mt="sm" data-testid="rate-reference">
            {sessionTexts.feedback.speakingRateReference}
          </Text>
        </Section>
      </SimpleGrid>
      {rate.overallSpeedExplanation && (
        <Section title={S.yourPace} testId="speed-explanation">
          <Text size="sm" lh={1.65}>
            {rate.overallSpeedExplanation}
          </Text>
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={S.fastWords} testId="fast-words">
          <WordList items={rate.comparedToAverage.fastWords} words={words} color="orange" />
        </Section>
        <Section title={S.slowWords} testId="slow-words">
          <WordList items={rate.comparedToAverage.slowWords} words={words} color="blue" />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
