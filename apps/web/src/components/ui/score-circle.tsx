import { RingProgress, Stack, Text } from '@mantine/core';
import { DEMO_TEXTS } from '../texts';
import { BAND_COLOR, scoreBand } from '../utils/banding';

/** Overall score in a ring coloured by the spec's bands (< 50 red, 50–89 orange, ≥ 90 green). */
export function ScoreCircle({
  score,
  size = 148,
  label = 'Overall',
}: {
  score: number;
  size?: number;
  label?: string;
}) {
  const band = scoreBand(score);
  return (
    <RingProgress
      size={size}
      thickness={size / 11}
      roundCaps
      data-band={band}
      aria-label={`${label} score ${score} of 100`}
      sections={[{ value: Math.max(score, 1), color: BAND_COLOR[band] }]}
      rootColor="gray.1"
      label={
        <Stack gap={0} align="center">
          <Text fw={750} fz={size / 4} lh={1} c={`${BAND_COLOR[band]}.7`} data-testid="overall-score">
            {score}
          </Text>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt={4}>
            {score === 100 ? DEMO_TEXTS.perfect : label}
          </Text>
        </Stack>
      }
    />
  );
}

/** A small labelled score bar for pronunciation, fluency and content. */
export function SubScore({ label, score }: { label: string; score: number }) {
  const band = scoreBand(score);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dark.6" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{label}</span>
        <span style={{ color: `var(--mantine-color-${BAND_COLOR[band]}-7)` }}>{score}</span>
      </Text>
      <div
        style={{ height: 8, borderRadius: 8, background: 'var(--mantine-color-gray-1)', overflow: 'hidden' }}
      >
        <div
          style={{
            width: `${score}%`,
            height: '100%',
            borderRadius: 8,
            background: `var(--mantine-color-${BAND_COLOR[band]}-5)`,
          }}
        />
      </div>
    </Stack>
  );
}
