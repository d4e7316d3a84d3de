import { Group, Stack, Text } from '@mantine/core';

/** Speaking-rate gauge scale (spec 1 section 9) and the average band of English speech (120–150). */
export const SPEAKING_RATE = { scale: { min: 100, max: 170 }, average: { min: 120, max: 150 } } as const;

const { min, max } = SPEAKING_RATE.scale;
const pct = (wpm: number) => ((Math.min(max, Math.max(min, wpm)) - min) / (max - min)) * 100;

/** Where a rate sits against the average band. */
export function rateVerdict(wpm: number | null): 'slower' | 'average' | 'faster' | null {
  if (wpm === null) return null;
  if (wpm < SPEAKING_RATE.average.min) return 'slower';
  if (wpm > SPEAKING_RATE.average.max) return 'faster';
  return 'average';
}

const VERDICT_TEXT = {
  slower: 'Slower than average',
  average: 'Average pace',
  faster: 'Faster than average',
} as const;

/** Speaking rate on the spec's 100–170 wpm scale with the 120–150 average band shaded. */
export function RateGauge({ wpm, label = 'Speaking rate' }: { wpm: number | null; label?: string }) {
  const avg = SPEAKING_RATE.average;
  const verdict = rateVerdict(wpm);
  const rounded = wpm === null ? null : Math.round(wpm);
  return (
    <Stack gap={6} data-testid="rate-gauge">
      <Group justify="space-between" align="baseline">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" fw={700} c={rounded === null ? 'dimmed' : undefined} data-testid="rate-value">
          {rounded === null ? 'Needs 10+ words' : `${rounded} wpm`}
        </Text>
      </Group>
      <div
        style={{
          position: 'relative',
          height: 12,
          borderRadius: 12,
          background: 'var(--mantine-color-gray-1)',
        }}
      >
        <div
          title={`Average English speech: ${avg.min}–${avg.max} wpm`}
          style={{
            position: 'absolute',
            left: `${pct(avg.min)}%`,
            width: `${pct(avg.max) - pct(avg.min)}%`,
            top: 0,
            bottom: 0,
            background: 'var(--mantine-color-teal-2)',
          }}
        />
        {rounded !== null && (
          <div
            data-testid="rate-marker"
            style={{
              position: 'absolute',
              left: `calc(${pct(rounded)}% - 7px)`,
              top: -3,
              width: 14,
              height: 18,
              borderRadius: 4,
              background: 'var(--mantine-color-brand-6)',
              boxShadow: '0 1px 4px rgba(0,0,0,.25)',
            }}
          />
        )}
      </div>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {min}
        </Text>
        <Text size="xs" c="dimmed">
          {verdict ? VERDICT_TEXT[verdict] : `Average ${avg.min}–${avg.max}`}
        </Text>
        <Text size="xs" c="dimmed">
          {max}
        </Text>
      </Group>
    </Stack>
  );
}
