import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Product mark and name; links home unless `to` is null. */
export function Logo({ to = '/', size = 28 }: { to?: string | null; size?: number }) {
  const mark = (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
        <path d="M9 23 16 8l7 15h-3.4l-1.3-3h-4.6l-1.3 3zm5.8-6h2.4L16 14.1z" fill="#fff" />
      </svg>
      <Text fw={700} fz={size * 0.7} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        Agaton
      </Text>
    </Group>
  );
  if (to === null) return mark;
  return (
    <Link to={to} aria-label="Agaton home" style={{ textDecoration: 'none' }}>
      {mark}
    </Link>
  );
}
