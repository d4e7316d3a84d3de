import { type SessionProfile, sessionTexts } from '@agaton/contracts';
import { Alert, Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { SESSION_INVENTED_TEXTS as T } from '../texts';
import { AnalysisProgress } from './analysis-progress';

const F = sessionTexts.feedback;

/** The page's error state: the spec's text, advice, a way back and a retry. */
export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <PageError
      testId="feedback-error"
      message={F.loadFailed}
      advice={T.loadFailedAdvice}
      back={{ to: paths.coachSessions.href(), label: T.backToSessions }}
      retry={{ label: T.retry, onRetry, retrying }}
    />
  );
}

/** While the analysis runs: its stage and percent (the page polls until it is done). */
export function InProgress({ profile }: { profile: SessionProfile }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="feedback-progress">
      <Stack gap="md" maw={520} mx="auto" py="lg" ta="center">
        <Center>
          <ThemeIcon size={52} radius="xl" variant="light">
            <IconSparkles size={28} stroke={1.5} />
          </ThemeIcon>
        </Center>
        <Title order={2} fz="lg">
          {T.progressTitle}
        </Title>
        <AnalysisProgress analysis={profile.analysis} />
        <Text size="sm" c="dimmed">
          {T.progressHint}
        </Text>
      </Stack>
    </Card>
  );
}

/** The analysis failed: why, and a way back (unless the host page gives its own, `back={false}`). */
export function Failed({ profile, back = true }: { profile: SessionProfile; back?: boolean }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} />}
      title={T.analysisFailed}
      data-testid="feedback-failed"
    >
      <Text size="sm">{profile.analysis.error ?? T.analysisFailedFallback}</Text>
      {back && (
        <Button
          component={Link}
          to={paths.coachSessions.href()}
          variant="white"
          color="red"
          size="xs"
          mt="md"
          leftSection={<IconArrowLeft size={14} />}
        >
          {T.backToSessions}
        </Button>
      )}
    </Alert>
  );
}
