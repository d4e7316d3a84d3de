import type { ResultsBlob } from '@agaton/contracts';
import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { RateGauge } from '../../../../components/ui/rate-gauge';
import { scoreColor } from '../../../../components/ui/score-band';
import { SubScore } from '../../../../components/ui/score-circle';
import { RT_LABELS } from '../../texts';
import { ReportSection } from './report-parts';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center" data-testid={`count-${label.toLowerCase()}`}>
      <Text fw={750} fz={24} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Challenging({ title, items }: { title: string; items: { label: string; score: number }[] }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {RT_LABELS.noneChallenging}
        </Text>
      ) : (
        <Group gap={6}>
          {items.map((item) => (
            <Badge
              key={item.label}
              variant="light"
              color={scoreColor(item.score)}
              tt="none"
              size="lg"
              rightSection={
                <Text span size="xs" fw={700}>
                  {Math.round(item.score)}
                </Text>
              }
            >
              {item.label}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * Speaking (spec 2 §2): pronunciation, fluency, speaking rate on the 100–170 wpm gauge, pauses,
 * hesitations and silences, intelligibility, confidence, challenging words and sounds.
 */
export function SpeakingSection({ results, print = false }: { results: ResultsBlob; print?: boolean }) {
  const cols = print ? 2 : { base: 1, sm: 2 };
  return (
    <ReportSection
      title={RT_LABELS.speaking}
      testId="report-speaking"
      aside={
        <Badge variant="light" size="lg" tt="none">
          {results.cefrBySkill.speaking}
        </Badge>
      }
    >
      {results.missingSpeakingTest ? (
        <Alert color="orange" variant="light" mb="md" py="xs">
          {RT_LABELS.missingSpeaking}
        </Alert>
      ) : null}
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="md">
        <SubScore label={RT_LABELS.pronunciation} score={results.pronunciation} />
        <SubScore label={RT_LABELS.fluency} score={results.fluency} />
        <SubScore label={RT_LABELS.intelligibility} score={results.intelligibility} />
        <SubScore label={RT_LABELS.confidence} score={results.confidence} />
      </SimpleGrid>
      <SimpleGrid cols={cols} spacing="lg" mt="lg">
        <RateGauge wpm={results.speakingRate} />
        <Group justify="space-around" wrap="nowrap">
          <Count label={RT_LABELS.pauses} value={results.pausesCount} />
          <Count label={RT_LABELS.hesitations} value={results.hesistationsCount} />
          <Count label={RT_LABELS.silences} value={results.silencesCount} />
        </Group>
      </SimpleGrid>
      <SimpleGrid cols={cols} spacing="lg" mt="lg">
        <Challenging
          title={RT_LABELS.challengingWords}
          items={results.challengingWords.map((w) => ({ label: w.word_normalised, score: w.score }))}
        />
        <Challenging
          title={RT_LABELS.challengingSounds}
          items={results.challengingSounds.map((s) => ({ label: `/${s.phoneme}/`, score: s.score }))}
        />
      </SimpleGrid>
    </ReportSection>
  );
}
