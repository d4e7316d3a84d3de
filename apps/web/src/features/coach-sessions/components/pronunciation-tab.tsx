import type { SessionProfile, TimedWord } from '@agaton/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTarget, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { scoreColor } from '../../../components/ui/score-band';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { normaliseWord } from '../utils/timed-words';
import {
  BulletIcon,
  Bullets,
  PERFORMANCE_COLOR,
  type Performance,
  PerformanceBadge,
  Section,
  WordChip,
} from './feedback-parts';
import { ScoreHeader } from './score-header';

type Profile = NonNullable<SessionProfile['subProfiles']['pronunciationProfile']>;
type ProfileWord = Profile['challengingWords'][number];

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

function WordTable({
  words,
  timed,
  testId,
}: {
  words: ProfileWord[];
  timed: readonly TimedWord[];
  testId: string;
}) {
  if (words.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {S.nothingHere}
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
function MasteredWords({ words, timed }: { words: ProfileWord[]; timed: readonly TimedWord[] }) {
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
          <Title order={4} fz={28} lh={1}>
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
        {description || S.nothingHere}
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
        <WordTable words={profile.challengingWords} timed={words} testId="challenging-words-table" />
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
            {S.nothingHere}
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
