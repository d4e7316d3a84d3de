import { Box, Grid, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { layout } from '../../config/constants';
import { Logo } from '../ui/logo';

/**
 * Page frame of every sign-in screen: the logo and a centred card (max 520px). With `aside`, a brand
 * panel sits beside the card on wide screens and above it on phones.
 */
export function AuthLayout({
  children,
  aside,
  title,
}: {
  children: ReactNode;
  aside?: ReactNode;
  /** Browser tab title, e.g. 'Log in'. */
  title?: string;
}) {
  useDocumentTitle(title ? `${title} · Agaton` : 'Agaton');
  const card = (
    <Paper
      component="main"
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'lg', sm: 36 }}
      w="100%"
      maw={layout.authCardMaxWidth}
      mx="auto"
    >
      {children}
    </Paper>
  );
  return (
    <Box mih="100vh" bg="gray.0" px={{ base: 'md', sm: 'xl' }} py="lg">
      <Box component="header" maw={layout.headerContentMaxWidth} mx="auto">
        <Logo />
      </Box>
      {aside ? (
        <Grid
          gap={{ base: 'lg', md: 48 }}
          maw={layout.headerContentMaxWidth}
          mx="auto"
          mt={{ base: 'lg', md: 56 }}
          align="center"
        >
          {/* On phones the form comes first; the panel follows it. */}
          <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
            {aside}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
            {card}
          </Grid.Col>
        </Grid>
      ) : (
        <Stack align="center" justify="center" mih="calc(100vh - 140px)" py="lg">
          {card}
        </Stack>
      )}
    </Box>
  );
}
