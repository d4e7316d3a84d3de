import { Box } from '@mantine/core';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { layout } from '../../../config/constants';

/** /candidate — the candidate challenge (start-up rules send /assessment here). */
export default function CandidateRoute() {
  return (
    <Box maw={layout.headerContentMaxWidth} mx="auto" px="md" py="xl">
      <PlaceholderPage title="English Test" emptyText="No test to take yet." />
    </Box>
  );
}
