import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The end state of an auth flow (reset sent, password changed, e-mail verified…): icon, title, text, next step. */
export function AuthResult({
  icon,
  color,
  title,
  body,
  children,
}: {
  icon?: ReactNode;
  color?: string;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" align="flex-start">
      {icon ? (
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      ) : null}
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      {children}
    </Stack>
  );
}

/** "Back to log in" as a quiet link with an arrow. */
export function BackToLogIn({ href, label = 'Back to log in' }: { href: string; label?: string }) {
  return (
    <Button component={Link} to={href} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      {label}
    </Button>
  );
}

/** Both log-in pages, for a page that cannot tell whether the person has a coach or an admin account. */
export function BothLogIns() {
  return (
    <Group gap="lg">
      <BackToLogIn href={paths.coachAuth.href()} label="Coach log in" />
      <BackToLogIn href={paths.auth.href()} label="Dashboard log in" />
    </Group>
  );
}
