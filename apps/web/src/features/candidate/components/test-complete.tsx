import type { CandidateTest } from '@agaton/contracts';
import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLogout, IconMinus } from '@tabler/icons-react';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { CANDIDATE_TEXTS } from '../texts';
import { partsInTest } from '../utils/test-view';

/**
 * The end of the test: thanks, who receives the results (the scores belong to the organisation, so
 * none are shown here), which parts were taken, and a way out.
 */
export function TestComplete({ test, onSignOut }: { test: CandidateTest | null; onSignOut: () => void }) {
  const heading = useFocusOnChange<HTMLHeadingElement>('complete');
  return (
    <Stack gap="lg" align="stretch">
      <Stack gap={6} align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCheck size={32} />
        </ThemeIcon>
        <Title order={1} fz={26} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {test ? CANDIDATE_TEXTS.thankYou(test.challenge.candidateName) : CANDIDATE_TEXTS.complete}
        </Title>
        {test && (
          <Text fz="lg" c="dimmed">
            {CANDIDATE_TEXTS.willReceive(test.organization.name)}
          </Text>
        )}
      </Stack>
      {test && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="parts-taken"
          maw={460}
          mx="auto"
          w="100%"
        >
          <Stack gap="xs">
            <Title order={2} fz="md" id="parts-taken">
              {CANDIDATE_TEXTS.summaryParts}
            </Title>
            <List spacing={6} center>
              {partsInTest(test.assessmentStatus).map((part) => {
                const progress = test.assessmentStatus.parts.find((p) => p.part === part);
                const finished = progress?.state === 'finished';
                return (
                  <List.Item
                    key={part}
                    icon={
                      <ThemeIcon size={20} radius="xl" color={finished ? 'teal' : 'gray'} aria-hidden>
                        {finished ? <IconCheck size={13} /> : <IconMinus size={13} />}
                      </ThemeIcon>
                    }
                  >
                    {`${CANDIDATE_TEXTS.partLabel(part)}: `}
                    {!finished
                      ? CANDIDATE_TEXTS.partNotTaken
                      : progress?.finishReason === 'TIMES_UP'
                        ? CANDIDATE_TEXTS.partTimedOut
                        : CANDIDATE_TEXTS.partFinished}
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        </Paper>
      )}
      <Text c="dimmed" ta="center">
        {CANDIDATE_TEXTS.closeWindow}
      </Text>
      <Group justify="center">
        <Button variant="default" leftSection={<IconLogout size={18} />} onClick={onSignOut}>
          {CANDIDATE_TEXTS.signOut}
        </Button>
      </Group>
    </Stack>
  );
}
