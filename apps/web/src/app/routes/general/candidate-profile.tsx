import { Box, Group } from '@mantine/core';
import { useParams } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { layout } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { ReportPage } from '../../../features/recruitment/components/report/report-page';

/** /candidate-profile/:candidateId/:challengeId — a candidate's report outside the dashboard shell. */
export default function CandidateProfileRoute() {
  const { candidateId, challengeId } = useParams();
  return (
    <Box bg="gray.0" mih="100vh">
      <Box maw={layout.headerContentMaxWidth} mx="auto" px={{ base: 'md', sm: 'xl' }} py="xl">
        <Group mb="xl">
          <Logo to={paths.dashboardTest.href()} />
        </Group>
        <ReportPage userId={candidateId} challengeId={challengeId} variant="profile" />
      </Box>
    </Box>
  );
}
