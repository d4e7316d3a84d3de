import type { Insights } from '@agaton/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { SPEAKING_RATE } from '../../../components/ui/rate-gauge';
import { SERIES_LABEL as L, INSIGHTS_TEXTS as T } from '../texts';
import { type ChartPoint, latestWithChange, rateDomain } from '../utils/insights-data';
import { ChartCard, LatestValue } from './chart-card';
import { RecurringTable } from './recurring-items';
import { SessionBars, TrendLine } from './trend-charts';

type TabProps = { insights: Insights; points: ChartPoint[] };

function ScoreTrend({
  points,
  metric,
  title,
  hint,
  color,
}: {
  points: ChartPoint[];
  metric: 'pronunciation' | 'fluency' | 'intelligibility' | 'clarity';
  title: string;
  hint?: string;
  color: string;
}) {
  const latest = latestWithChange(points, metric);
  return (
    <ChartCard
      title={title}
      hint={hint}
      testId={`chart-${metric}`}
      aside={<LatestValue value={latest?.value ?? null} change={latest?.change ?? null} />}
    >
      <TrendLine points={points} series={[{ name: metric, label: L[metric], color }]} />
    </ChartCard>
  );
}

export function ClarityTab({ points }: TabProps) {
  return (
    <ScoreTrend
      points={points}
      metric="clarity"
      title={T.clarityOverTime}
      hint={T.clarityHint}
      color="cyan.6"
    />
  );
}

export function PronunciationTab({ insights, points }: TabProps) {
  return (
    <Stack gap="md">
      <ScoreTrend points={points} metric="pronunciation" title={T.pronunciationOverTime} color="brand.6" />
      <ChartCard title={T.recurringSounds} hint={T.recurringSoundsHint} testId="recurring-sounds-card">
        <RecurringTable items={insights.recurringSounds} kind="sound" />
      </ChartCard>
      <ChartCard title={T.recurringWords} hint={T.recurringWordsHint} testId="recurring-words-card">
        <RecurringTable items={insights.recurringWords} kind="word" />
      </ChartCard>
    </Stack>
  );
}

export function FluencyTab({ points }: TabProps) {
  const band = SPEAKING_RATE.average;
  const rates = points.filter((p) => p.wordsPerMinute !== null);
  const last = rates.at(-1)?.wordsPerMinute ?? null;
  const before = rates.at(-2)?.wordsPerMinute ?? null;
  return (
    <Stack gap="md">
      <ScoreTrend points={points} metric="fluency" title={T.fluencyOverTime} color="teal.6" />
      <ChartCard
        title={T.rateOverTime}
        hint={T.rateHint}
        testId="chart-rate"
        aside={
          <LatestValue
            value={last}
            change={last !== null && before !== null ? last - before : null}
            unit=" wpm"
          />
        }
      >
        <TrendLine
          points={points}
          series={[{ name: 'wordsPerMinute', label: L.wordsPerMinute, color: 'brand.6' }]}
          domain={rateDomain(points, band)}
          referenceAreas={[
            {
              y1: band.min,
              y2: band.max,
              color: 'teal',
              fillOpacity: 0.12,
              label: T.averageBand,
              labelPosition: 'insideTopRight',
            },
          ]}
        />
      </ChartCard>
      <ChartCard title={T.pausesAndFillers} hint={T.pausesAndFillersHint} testId="chart-pauses">
        <SessionBars
          points={points}
          series={[
            { name: 'pausesPerMinute', label: L.pausesPerMinute, color: 'brand.5' },
            { name: 'fillersPerMinute', label: L.fillersPerMinute, color: 'orange.5' },
          ]}
        />
      </ChartCard>
    </Stack>
  );
}

export function IntelligibilityTab({ points }: TabProps) {
  return (
    <ScoreTrend
      points={points}
      metric="intelligibility"
      title={T.intelligibilityOverTime}
      hint={T.intelligibilityHint}
      color="orange.6"
    />
  );
}

export function ConfidenceTab({ points }: TabProps) {
  const share = latestWithChange(points, 'talkShare');
  const last = points.at(-1);
  const before = points.at(-2);
  return (
    <Stack gap="md">
      <ChartCard
        title={T.talkShare}
        hint={T.talkShareHint}
        testId="chart-talk-share"
        aside={<LatestValue value={share?.value ?? null} change={share?.change ?? null} unit="%" />}
      >
        <TrendLine
          points={points}
          unit="%"
          series={[{ name: 'talkShare', label: L.talkShare, color: 'violet.6' }]}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={T.fillersOverTime}
          testId="chart-fillers"
          aside={
            <LatestValue
              value={last?.fillersPerMinute ?? null}
              change={last && before ? last.fillersPerMinute - before.fillersPerMinute : null}
              better="down"
            />
          }
        >
          <TrendLine
            points={points}
            height={200}
            domain={[0, 'auto']}
            series={[{ name: 'fillersPerMinute', label: L.fillersPerMinute, color: 'orange.6' }]}
          />
        </ChartCard>
        <ChartCard
          title={T.hesitationsOverTime}
          testId="chart-hesitations"
          aside={
            <LatestValue
              value={last?.hesitationsPerSentence ?? null}
              change={last && before ? last.hesitationsPerSentence - before.hesitationsPerSentence : null}
              better="down"
            />
          }
        >
          <TrendLine
            points={points}
            height={200}
            domain={[0, 'auto']}
            series={[{ name: 'hesitationsPerSentence', label: L.hesitationsPerSentence, color: 'red.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
