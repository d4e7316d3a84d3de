import { Box } from '@mantine/core';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { layout } from '../../../config/constants';

/** /download */
export default function DownloadRoute() {
  return (
    <Box maw={layout.headerContentMaxWidth} mx="auto" px="md" py="xl">
      <PlaceholderPage title="Download" emptyText="Nothing to download yet." />
    </Box>
  );
}
