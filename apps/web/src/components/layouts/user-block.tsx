import { ActionIcon, Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

/** Signed-in person at the foot of the sidebar, with the logout icon. */
export function UserBlock({ name, email, onLogout }: { name: string; email: string; onLogout: () => void }) {
  return (
    <Group gap="sm" wrap="nowrap" px={4} data-testid="user-block">
      <Avatar color="brand" radius="xl">
        {(name || email).charAt(0).toUpperCase()}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {email}
        </Text>
      </Stack>
      <Tooltip label="Log out">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Log out" onClick={onLogout}>
          <IconLogout size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
