import { Box } from '@mantine/core';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { layout } from '../../../config/constants';

/** /candidate-profile/:candidateId/:challengeId */
export default function CandidateProfileRoute() {
  return (
    <Box maw={layout.headerContentMaxWidth} mx="auto" px="md" py="xl">
      <PlaceholderPage title="Candidate profile" emptyText="No results to show yet." />
    </Box>
  );
}
