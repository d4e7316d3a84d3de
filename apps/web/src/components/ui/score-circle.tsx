import { RingProgress, Stack, Text } from '@mantine/core';
import { BAND_COLOR, scoreBand } from './score-band';

/** A score in a ring coloured by the spec's bands (< 50 red, 50–89 orange, ≥ 90 green). */
export function ScoreCircle({
  score,
  size = 148,
  label = 'Overall',
  perfectLabel,
  testId,
  labelPosition = 'inside',
}: {
  /** 0–100; shown rounded. */
  score: number;
  size?: number;
  label?: string;
  /** Shown instead of the label at 100 (the demo says 'Perfect!'). */
  perfectLabel?: string;
  /** Test id of the number. */
  testId?: string;
  /** 'below' for long labels on small rings (the label would not fit inside). */
  labelPosition?: 'inside' | 'below';
}) {
  const value = Math.round(Math.min(100, Math.max(0, score)));
  const band = scoreBand(value);
  const text = value === 100 && perfectLabel ? perfectLabel : label;
  const ring = (
    <RingProgress
      size={size}
      thickness={size / 11}
      roundCaps
      data-band={band}
      aria-label={`${label} score ${value} of 100`}
      sections={[{ value: Math.max(value, 1), color: BAND_COLOR[band] }]}
      rootColor="gray.1"
      label={
        <Stack gap={0} align="center">
          <Text fw={750} fz={size / 4} lh={1} c={`${BAND_COLOR[band]}.7`} data-testid={testId}>
            {value}
          </Text>
          {labelPosition === 'inside' && (
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt={4} ta="center">
              {text}
            </Text>
          )}
        </Stack>
      }
    />
  );
  if (labelPosition === 'inside') return ring;
  return (
    <Stack gap={4} align="center">
      {/* The space keeps "score label" apart in the text read out (the stack's gap draws it). */}
      {ring}{' '}
      <Text size="sm" fw={600} c="dark.5" ta="center">
        {text}
      </Text>
    </Stack>
  );
}

/** A small labelled score bar. */
export function SubScore({ label, score }: { label: string; score: number }) {
  const value = Math.round(Math.min(100, Math.max(0, score)));
  const band = scoreBand(value);
  return (
    <Stack gap={4} data-band={band}>
      <Text size="sm" fw={600} c="dark.6" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{label}</span>
        <span style={{ color: `var(--mantine-color-${BAND_COLOR[band]}-7)` }}>{value}</span>
      </Text>
      <div
        style={{ height: 8, borderRadius: 8, background: 'var(--mantine-color-gray-1)', overflow: 'hidden' }}
      >
        <div
          style={{
            width: `${value}%`,
            height: '100%',
            borderRadius: 8,
            background: `var(--mantine-color-${BAND_COLOR[band]}-5)`,
          }}
        />
      </div>
    </Stack>
  );
}
