import { Box } from '@mantine/core';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { layout } from '../../../config/constants';

/** /admin */
export default function AdminRoute() {
  return (
    <Box maw={layout.headerContentMaxWidth} mx="auto" px="md" py="xl">
      <PlaceholderPage title="Admin" emptyText="Nothing to show yet." />
    </Box>
  );
}
