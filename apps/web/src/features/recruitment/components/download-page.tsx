import { RECRUITMENT_TEXTS } from '@agaton/contracts';
import { Box, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconDownload, IconFileText } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { layout } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useHasToken } from '../../../lib/session';
import { useChallenge } from '../api/recruitment-api';
import { useDownloadReport } from '../hooks/use-download-report';
import { RT_LABELS } from '../texts';

function Frame({ children }: { children: ReactNode }) {
  useDocumentTitle(`${RT_LABELS.downloadTitle} · Agaton`);
  return (
    <Box maw={layout.authCardMaxWidth} mx="auto" px="md" py={48}>
      <Group mb="xl">
        <Logo />
      </Group>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="md">
          {children}
        </Stack>
      </Card>
    </Box>
  );
}

const backToTest = (
  <Button
    component={Link}
    to={paths.dashboardTest.href()}
    variant="default"
    leftSection={<IconArrowLeft size={16} />}
  >
    {RT_LABELS.goToTest}
  </Button>
);

/** Downloads one report's PDF once the challenge is known, and offers it again. */
function ReportDownload({ candidateId, challengeId }: { candidateId: string; challengeId: string }) {
  const challenge = useChallenge(challengeId);
  const download = useDownloadReport();
  const started = useRef(false);
  const data = challenge.data;
  const ref = data
    ? { userId: candidateId, challengeId, candidateName: data.candidateName, completedAt: data.completedAt }
    : null;
  const { mutate } = download;
  useEffect(() => {
    if (!ref || started.current) return;
    started.current = true;
    mutate(ref);
  }, [ref, mutate]);

  const failed = challenge.isError || download.isError || (data && !data.completedAt);
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" variant="light" color={failed ? 'red' : 'brand'}>
        {download.isSuccess ? <IconCheck size={30} /> : <IconFileText size={30} />}
      </ThemeIcon>
      <Title order={1} fz={24}>
        {RT_LABELS.downloadTitle}
      </Title>
      {failed ? (
        <Text role="alert">{RECRUITMENT_TEXTS.generatePdfFailed}</Text>
      ) : download.isSuccess ? (
        <Text role="status">{RT_LABELS.downloaded}</Text>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{RT_LABELS.downloading}</Text>
        </Group>
      )}
      {data ? (
        <Text size="sm" c="dimmed">
          {data.candidateName}
        </Text>
      ) : null}
      <Group justify="center">
        {backToTest}
        {ref && (download.isSuccess || download.isError) ? (
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => mutate(ref)}
            loading={download.isPending}
          >
            {RT_LABELS.downloadAgain}
          </Button>
        ) : null}
      </Group>
    </Frame>
  );
}

/**
 * /download?candidateId=&challengeId=: downloads that report's PDF (admin token needed). Without
 * both ids it explains where a report download starts.
 */
export function DownloadPage({
  candidateId,
  challengeId,
}: {
  candidateId: string | null;
  challengeId: string | null;
}) {
  const signedIn = useHasToken('admin');
  if (candidateId && challengeId) {
    if (!signedIn) return <Navigate to={paths.signup.href()} replace />;
    return <ReportDownload candidateId={candidateId} challengeId={challengeId} />;
  }
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconDownload size={30} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {RT_LABELS.downloadTitle}
      </Title>
      <Text c="dimmed" data-testid="download-missing">
        {RT_LABELS.downloadMissing}
      </Text>
      <Group justify="center">{backToTest}</Group>
    </Frame>
  );
}
