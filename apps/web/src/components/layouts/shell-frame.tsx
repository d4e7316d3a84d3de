import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { layout } from '../../config/constants';
import { Logo } from '../ui/logo';

export type ShellNavItem = { key: string; label: string; to: string; icon: Icon };

/**
 * App frame shared by the coach and dashboard areas: sidebar with the logo, the menu and a footer
 * (user block), a burger header on phones, a banner area and a content column (max 1170px).
 */
export function ShellFrame({
  home,
  items,
  footer,
  banner,
  children,
}: {
  home: string;
  items: ShellNavItem[];
  footer: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: layout.navbarWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" justify="space-between">
          <Logo to={home} size={24} />
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={opened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Main navigation">
        <AppShell.Section visibleFrom="sm" px={6} pt={4} pb="lg">
          <Logo to={home} />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4} component="nav">
            {items.map(({ key, label, to, icon: ItemIcon }) => (
              <NavLink
                key={key}
                component={Link}
                to={to}
                label={label}
                active={pathname === to || pathname.startsWith(`${to}/`)}
                leftSection={<ItemIcon size={20} stroke={1.6} />}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                fw={500}
                // Following a link on a phone should reveal the page, not keep the menu over it.
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {footer}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" mih="100vh">
        {banner}
        <Box
          maw={layout.headerContentMaxWidth}
          mx="auto"
          px={{ base: 'md', sm: 'xl' }}
          py={{ base: 'lg', sm: 32 }}
        >
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
