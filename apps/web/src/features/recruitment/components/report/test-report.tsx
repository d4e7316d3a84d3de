import { CEFR_NAMES, type ResultsBlob } from '@agaton/contracts';
import { Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../components/ui/format';
import { ScoreCircle } from '../../../../components/ui/score-circle';
import type { AdminChallenge, AdminChallengeDetail } from '../../api/recruitment-api';
import { RT_LABELS } from '../../texts';
import { BenchmarkSection, SkillsLine } from './benchmark-section';
import classes from './report.module.css';
import { FreeSpeechSection, PartSection } from './report-parts';
import { SpeakingSection } from './speaking-section';

/** Candidate, position, completed date; the CEFR rating with its name and the overall score. */
function Summary({ challenge, results }: { challenge: AdminChallenge; results: ResultsBlob }) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.section} data-testid="report-summary">
      <Group justify="space-between" align="center" wrap="wrap" gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={24} data-testid="report-candidate">
            {challenge.candidateName}
          </Title>
          <Text c="dimmed" size="sm">
            {[challenge.candidateEmail, challenge.candidateDepartment].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">
            {RT_LABELS.position}: <b>{challenge.candidatePosition ?? '—'}</b>
          </Text>
          {challenge.completedAt ? (
            <Text size="sm" c="dimmed">
              {RT_LABELS.completedOn(formatDate(challenge.completedAt))}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xl" wrap="nowrap">
          <Stack gap={0} align="center" data-testid="report-cefr">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {RT_LABELS.cefrRating}
            </Text>
            <Text fw={800} fz={48} lh={1.1} c="brand.7">
              {results.cefrRating}
            </Text>
            <Text fw={600}>{CEFR_NAMES[results.cefrRating]}</Text>
          </Stack>
          <ScoreCircle
            score={results.testOverallScore}
            size={120}
            label={RT_LABELS.overallScore}
            testId="report-overall"
          />
        </Group>
      </Group>
      <Group mt="md" justify="space-between" wrap="wrap" gap="sm">
        <SkillsLine skills={results.cefrBySkill} />
        <Text size="sm" c="dimmed" data-testid="report-completion">
          {RT_LABELS.completion}: {Math.round(results.testCompletionScore)}%
        </Text>
      </Group>
    </Card>
  );
}

/**
 * The candidate report (spec 2 §2): summary, speaking, listening, reading comprehension, reading
 * aloud, free speech and the benchmark table. `print` lays it out for A4 pages and leaves the free
 * answer's player out (nothing to play on paper): the three climbing parts share one row and the free
 * answer, whose transcript makes it the tallest card, takes the whole width below them. Side by side
 * with reading aloud it was pushed whole to the next page, leaving the first one half empty.
 */
export function TestReport({
  challenge,
  results,
  print = false,
}: {
  challenge: AdminChallengeDetail;
  results: ResultsBlob;
  print?: boolean;
}) {
  const listening = (
    <PartSection
      title={RT_LABELS.listeningTest}
      part={results.listeningTest}
      testId="report-listening"
      compact={print}
    />
  );
  const comprehension = (
    <PartSection
      title={RT_LABELS.comprehensionTest}
      part={results.readingComprehensionTest}
      testId="report-comprehension"
      compact={print}
    />
  );
  const reading = (
    <PartSection
      title={RT_LABELS.readingAloud}
      part={results.readingTest}
      testId="report-reading"
      compact={print}
    />
  );
  const free = (
    <FreeSpeechSection
      free={results.freeSpeechTest}
      recordingUrl={print ? null : challenge.freeSpeechRecordingUrl}
    />
  );
  const summary = <Summary challenge={challenge} results={results} />;
  const speaking = <SpeakingSection results={results} print={print} />;
  const benchmark = <BenchmarkSection rating={results.cefrRating} />;
  if (print) {
    // Blocks, not a flex column: Chromium sizes a card split across pages right only in block flow.
    return (
      <Box className={classes.printFlow} data-testid="test-report">
        {summary}
        {speaking}
        <SimpleGrid cols={3} spacing="lg" data-testid="report-parts">
          {listening}
          {comprehension}
          {reading}
        </SimpleGrid>
        {free}
        {benchmark}
      </Box>
    );
  }
  return (
    <Stack gap="lg" data-testid="test-report">
      {summary}
      {speaking}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {listening}
        {comprehension}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {reading}
        {free}
      </SimpleGrid>
      {benchmark}
    </Stack>
  );
}
