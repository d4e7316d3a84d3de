import type { SessionProfile, TimedWord } from '@agaton/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTarget, IconX } from '@tabler/icons-react';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { BulletIcon, Bullets, PERFORMANCE_COLOR, Section } from './feedback-parts';
import { MasteredWords, WordTable } from './profile-words';
import { ScoreHeader } from './score-header';

type Profile = NonNullable<SessionProfile['subProfiles']['pronunciationProfile']>;

function PhonemeCard({
  title,
  phoneme,
  description,
  extra,
  testId,
}: {
  title: string;
  phoneme: { phonemeRespelled: string; phonemeIpa: string } | null;
  description: string;
  extra?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={8}>
        {title}
      </Text>
      {phoneme ? (
        <Group gap="sm" align="baseline" mb={8}>
          <Title order={3} fz={28} lh={1}>
            {phoneme.phonemeRespelled}
          </Title>
          <Text ff="monospace" c="dimmed">
            /{phoneme.phonemeIpa}/
          </Text>
          {extra && (
            <Badge variant="light" color="red" size="sm">
              {extra}
            </Badge>
          )}
        </Group>
      ) : null}
      <Text size="sm" lh={1.6}>
        {description || S.noSoundStoodOut}
      </Text>
    </Card>
  );
}

/** Pronunciation: score, explanation, examples, challenging and mastered words, sounds. */
export function PronunciationTab({ profile, words }: { profile: Profile; words: readonly TimedWord[] }) {
  const analysis = profile.phonemeAnalysis;
  return (
    <Stack gap="md">
      <ScoreHeader
        score={profile.overallScore}
        label={S.pronunciation}
        explanation={profile.overallExplanation}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={S.goodExamples} testId="good-examples">
          <Bullets
            items={profile.goodExamples}
            icon={
              <BulletIcon color="teal">
                <IconCheck size={13} />
              </BulletIcon>
            }
          />
        </Section>
        <Section title={S.badExamples} testId="bad-examples">
          <Bullets
            items={profile.badExamples}
            empty={S.noBadExamples}
            icon={
              <BulletIcon color="red">
                <IconX size={13} />
              </BulletIcon>
            }
          />
        </Section>
      </SimpleGrid>
      <Section
        title={S.challengingWords}
        testId="challenging-words"
        icon={<IconAlertTriangle size={18} color="var(--mantine-color-red-6)" />}
        aside={
          <Text size="xs" c="dimmed">
            {S.challengingThreshold}
          </Text>
        }
      >
        <WordTable
          words={profile.challengingWords}
          timed={words}
          testId="challenging-words-table"
          empty={S.noChallengingWords}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PhonemeCard
          title={S.mostChallengingPhoneme}
          phoneme={analysis.mostChallengingPhoneme}
          description={analysis.mostChallengingDescription}
          extra={
            analysis.mostChallengingPhonemeCount ? `${analysis.mostChallengingPhonemeCount}×` : undefined
          }
          testId="most-challenging-phoneme"
        />
        <PhonemeCard
          title={S.mostImpactfulPhoneme}
          phoneme={analysis.mostImpactfulPhoneme}
          description={analysis.mostImpactfulPhonemeDescription}
          testId="most-impactful-phoneme"
        />
      </SimpleGrid>
      <Section
        title={S.challengingPhonemes}
        testId="challenging-phonemes"
        icon={<IconTarget size={18} color="var(--mantine-color-orange-6)" />}
      >
        {profile.challengingPhonemes.length ? (
          <Group gap="xs">
            {profile.challengingPhonemes.map((p) => (
              <Badge
                key={`${p.phonemeRespelled}-${p.phonemeIpa}`}
                variant="light"
                color={PERFORMANCE_COLOR[p.performance]}
                size="lg"
                radius="sm"
                tt="none"
              >
                {p.phonemeRespelled}{' '}
                <Text span ff="monospace" fz="xs" opacity={0.75}>
                  /{p.phonemeIpa}/
                </Text>
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {S.noChallengingSounds}
          </Text>
        )}
      </Section>
      <Section
        title={S.masteredWords}
        testId="mastered-words"
        icon={<IconCheck size={18} color="var(--mantine-color-teal-6)" />}
      >
        <MasteredWords words={profile.masteredWords} timed={words} />
      </Section>
    </Stack>
  );
}
