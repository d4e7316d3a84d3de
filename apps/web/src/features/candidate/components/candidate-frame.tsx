import { Box, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { CANDIDATE_TEXTS } from '../texts';

/** Widest the test's card grows: long reading texts stay readable (about 75 characters a line). */
export const CANDIDATE_CARD_MAX_WIDTH = 760;

/** Page frame of the candidate's screens: the logo (no links away) and one calm, centred card. */
export function CandidateFrame({ children, title }: { children: ReactNode; title?: string }) {
  useDocumentTitle(`${title ?? CANDIDATE_TEXTS.title} · Agaton`);
  return (
    <Box mih="100vh" bg="gray.0" px={{ base: 'sm', sm: 'xl' }} py="lg">
      <Box maw={CANDIDATE_CARD_MAX_WIDTH} mx="auto">
        <Box component="header">
          <Logo to={null} />
        </Box>
        <Paper
          component="main"
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: 'md', sm: 36 }}
          mt={{ base: 'md', sm: 'xl' }}
        >
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
