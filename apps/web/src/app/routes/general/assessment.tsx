import { Box } from '@mantine/core';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { layout } from '../../../config/constants';

/** /assessment and /assessment/summary (reached only after first load) */
export default function AssessmentRoute() {
  return (
    <Box maw={layout.headerContentMaxWidth} mx="auto" px="md" py="xl">
      <PlaceholderPage title="Assessment" emptyText="Nothing to show yet." />
    </Box>
  );
}
