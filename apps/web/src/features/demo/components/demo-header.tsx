import { Box, Group, Text } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';

/** Product mark plus, for a known company, a clean text wordmark of its name (no copied logos). */
export function DemoHeader({ wordmark }: { wordmark: string | null }) {
  return (
    <Group justify="space-between" py="md" wrap="nowrap">
      <Group gap={8} wrap="nowrap">
        <Box
          style={{
            width: 34,
            height: 34,
            borderRadius: 10,
            display: 'grid',
            placeItems: 'center',
            color: 'white',
            background:
              'linear-gradient(135deg, var(--mantine-color-brand-6), var(--mantine-color-violet-6))',
          }}
        >
          <IconWaveSine size={20} />
        </Box>
        <Text fw={800} fz={20} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
          Agaton
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="xs">
          Speaking demo
        </Text>
      </Group>
      {wordmark && (
        <Group gap={10} wrap="nowrap" data-testid="company-wordmark">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} visibleFrom="xs">
            in partnership with
          </Text>
          <Text
            fw={800}
            fz={{ base: 16, sm: 20 }}
            tt="uppercase"
            c="dark.7"
            style={{
              letterSpacing: '0.12em',
              borderLeft: '3px solid var(--mantine-color-brand-6)',
              paddingLeft: 10,
            }}
          >
            {wordmark}
          </Text>
        </Group>
      )}
    </Group>
  );
}
