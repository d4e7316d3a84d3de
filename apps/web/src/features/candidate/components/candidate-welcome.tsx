import type { CandidateTest } from '@agaton/contracts';
import { Button, Group, List, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { CANDIDATE_TEXTS } from '../texts';
import { formatLimit, partsInTest, testStarted, totalMinutes } from '../utils/test-view';
import { MicCheck } from './mic-check';

/** "Not you? Sign out": a candidate on a shared computer leaves the test to its owner. */
export function NotYou({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Text size="sm" c="dimmed" ta="center">
      {`${CANDIDATE_TEXTS.notYou} `}
      <Button variant="subtle" size="compact-sm" onClick={onSignOut}>
        {CANDIDATE_TEXTS.signOut}
      </Button>
    </Text>
  );
}

/**
 * The candidate's welcome: who invited them, the four parts and their time limits, what they need,
 * the microphone check, then Start (or Continue) the test.
 */
export function CandidateWelcome(props: { test: CandidateTest; onStart: () => void; onSignOut: () => void }) {
  const { test, onStart, onSignOut } = props;
  const status = test.assessmentStatus;
  const limits = test.content.timeLimitsSeconds;
  const parts = partsInTest(status);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {CANDIDATE_TEXTS.welcome(test.challenge.candidateName)}
        </Title>
        <Text c="dimmed" fz="lg">
          {CANDIDATE_TEXTS.invited(test.organization.name)}
        </Text>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="parts-heading">
        <Title order={2} fz="lg" id="parts-heading">
          {CANDIDATE_TEXTS.partsHeading(parts.length)}
        </Title>
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Tbody>
              {parts.map((part, index) => {
                const done = status.parts.find((p) => p.part === part)?.state === 'finished';
                return (
                  <Table.Tr key={part}>
                    <Table.Td w={36}>
                      {done ? (
                        <ThemeIcon size={22} radius="xl" color="teal" aria-label={CANDIDATE_TEXTS.partDone}>
                          <IconCheck size={14} />
                        </ThemeIcon>
                      ) : (
                        <Text fw={700} c="brand.7">{`${index + 1}.`}</Text>
                      )}
                    </Table.Td>
                    <Table.Td fw={600}>{CANDIDATE_TEXTS.partLabel(part)}</Table.Td>
                    <Table.Td ta="right" c="dimmed" data-testid={`limit-${part}`}>
                      {formatLimit(limits[part])}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="needs-heading">
        <Title order={2} fz="lg" id="needs-heading">
          {CANDIDATE_TEXTS.needsHeading}
        </Title>
        <List spacing={6}>
          {CANDIDATE_TEXTS.needs(totalMinutes(test.content, parts)).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>

      <MicCheck />

      <Group justify="center">
        <Button size="lg" rightSection={<IconArrowRight size={20} />} onClick={onStart}>
          {testStarted(status) ? CANDIDATE_TEXTS.continueTest : CANDIDATE_TEXTS.startTest}
        </Button>
      </Group>
      <NotYou onSignOut={onSignOut} />
    </Stack>
  );
}
