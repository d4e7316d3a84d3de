import { Group, Text } from '@mantine/core';
import { Logo } from '../../../components/ui/logo';

/** The shared product logo and, for a known company, a text wordmark of its name (no copied logos). */
export function DemoHeader({ wordmark }: { wordmark: string | null }) {
  return (
    <Group component="header" justify="space-between" py="md" wrap="nowrap" data-testid="demo-header">
      <Group gap={12} wrap="nowrap">
        {/* Not a link: the demo is public and home sends visitors to sign-in. */}
        <Logo to={null} />
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
