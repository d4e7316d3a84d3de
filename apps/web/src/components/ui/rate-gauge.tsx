import { Group, Stack, Text } from '@mantine/core';
import { DEMO_LIMITS } from '../texts';

const { min, max } = DEMO_LIMITS.rateScale;
const pct = (wpm: number) => ((Math.min(max, Math.max(min, wpm)) - min) / (max - min)) * 100;

/** Speaking rate on the spec's 100–170 wpm scale with the 120–150 average band shaded. */
export function RateGauge({ wpm }: { wpm: number | null }) {
  const avg = DEMO_LIMITS.rateAverage;
  const verdict =
    wpm === null
      ? null
      : wpm < avg.min
        ? 'Slower than average'
        : wpm > avg.max
          ? 'Faster than average'
          : 'Average pace';
  return (
    <Stack gap={6} data-testid="rate-gauge">
      <Group justify="space-between" align="baseline">
        <Text size="sm" fw={600}>
          Speaking rate
        </Text>
        <Text size="sm" fw={700} c={wpm === null ? 'dimmed' : undefined}>
          {wpm === null ? 'Needs 10+ words' : `${wpm} wpm`}
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
          title="Average English speech: 120–150 wpm"
          style={{
            position: 'absolute',
            left: `${pct(avg.min)}%`,
            width: `${pct(avg.max) - pct(avg.min)}%`,
            top: 0,
            bottom: 0,
            background: 'var(--mantine-color-teal-2)',
          }}
        />
        {wpm !== null && (
          <div
            style={{
              position: 'absolute',
              left: `calc(${pct(wpm)}% - 7px)`,
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
          {verdict ?? `Average ${avg.min}–${avg.max}`}
        </Text>
        <Text size="xs" c="dimmed">
          {max}
        </Text>
      </Group>
    </Stack>
  );
}
