import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type Icon, IconLogout, IconSelector } from '@tabler/icons-react';

/** What the button on the user's name opens, said after the name and e-mail. */
export const ACCOUNT_MENU = 'Account menu';

/** An entry of the menu that opens from the user's name (e.g. 'Your goals'). */
export interface UserBlockAction {
  label: string;
  icon: Icon;
  onClick: () => void;
}

function Identity({ name, email, withMenu }: { name: string; email: string; withMenu: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
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
      {withMenu ? <IconSelector size={16} color="var(--mantine-color-gray-6)" aria-hidden /> : null}
    </Group>
  );
}

/**
 * Signed-in person at the foot of the sidebar, with the logout icon. With `actions`, the name opens
 * a menu of them.
 */
export function UserBlock({
  name,
  email,
  onLogout,
  actions = [],
}: {
  name: string;
  email: string;
  onLogout: () => void;
  actions?: UserBlockAction[];
}) {
  return (
    <Group gap="xs" wrap="nowrap" px={4} data-testid="user-block">
      {actions.length > 0 ? (
        <Menu position="top-start" width={220} shadow="md" withinPortal>
          <Menu.Target>
            {/* Named by what it shows, then what it opens (WCAG 2.5.3: the visible label is in the name). */}
            <UnstyledButton
              style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)' }}
              p={4}
              m={-4}
            >
              <Identity name={name} email={email} withMenu />
              <VisuallyHidden>{ACCOUNT_MENU}</VisuallyHidden>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {actions.map(({ label, icon: ActionIconShape, onClick }) => (
              <Menu.Item
                key={label}
                leftSection={<ActionIconShape size={16} stroke={1.7} />}
                onClick={onClick}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Identity name={name} email={email} withMenu={false} />
      )}
      <Tooltip label="Log out">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Log out" onClick={onLogout}>
          <IconLogout size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
