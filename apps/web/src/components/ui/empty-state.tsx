import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** Placeholder for lists that have nothing to show (spec 1 section 8 "Empty states"). */
export function EmptyState({ text, hint }: { text: string; hint?: string }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconInbox size={26} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{text}</Text>
      {hint ? (
        <Text c="dimmed" size="sm" maw={420}>
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
