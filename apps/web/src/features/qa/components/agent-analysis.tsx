import type { QaDashboard } from '@agaton/contracts';
import { Anchor, Badge, CloseButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { scoreColor } from '../../../components/ui/score-band';
import { paths } from '../../../config/paths';
import { useQaItems } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import type { QaPeriod } from '../utils/date-range';
import { periodSeconds } from '../utils/date-range';
import { FlagBadge } from './flag-badge';

const D = L.dashboard;
const RECENT = 10;

/** A 0–100 score in its band's colour, or n/a. */
export function ScoreBadge({ score }: { score: number | null }) {
  if (score === null)
    return (
      <Text size="sm" c="dimmed">
        {D.noScore}
      </Text>
    );
  return (
    <Badge color={scoreColor(score)} variant="light" size="lg">
      {Math.round(score)}%
    </Badge>
  );
}

/** Data Explorer (spec 3 §2.5): the agents of the period; a click chooses one. */
export function DataExplorer(props: {
  agents: QaDashboard['agents'];
  onChoose: (agent: { id: string; name: string }) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="qa-data-explorer">
      <Stack gap={4} mb="sm">
        <Title order={2} fz="md">
          {D.explorer}
        </Title>
        <Text size="xs" c="dimmed">
          {D.explorerHint}
        </Text>
      </Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{L.alerts.columns.agent}</Table.Th>
              <Table.Th ta="right">{D.items}</Table.Th>
              <Table.Th>{D.score}</Table.Th>
              <Table.Th ta="right">{L.alerts.columns.red}</Table.Th>
              <Table.Th ta="right">{L.alerts.columns.yellow}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.agents.map((a) => (
              <Table.Tr
                key={a.identityId}
                style={{ cursor: 'pointer' }}
                onClick={() => props.onChoose({ id: a.identityId, name: a.name })}
                data-testid="qa-explorer-row"
              >
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={600}
                    aria-label={D.chooseAgent(a.name)}
                    onClick={(e) => {
                      e.stopPropagation();
                      props.onChoose({ id: a.identityId, name: a.name });
                    }}
                  >
                    {a.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{a.items}</Table.Td>
                <Table.Td>
                  <ScoreBadge score={a.averageScore} />
                </Table.Td>
                <Table.Td ta="right">{a.red}</Table.Td>
                <Table.Td ta="right">{a.yellow}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * 'QA Analysis for <agent>' (spec 3 §2.5) with a removable chip: the agent's per-question figures
 * (the dashboard already narrowed to them) and their most recent QA items of the period.
 */
export function AgentAnalysis(props: {
  agent: { id: string; name: string };
  period: QaPeriod;
  questions: QaDashboard['questionPerformance'];
  onRemove: () => void;
}) {
  const recent = useQaItems({
    ...periodSeconds(props.period),
    userIds: props.agent.id,
    sort: 'timestamp',
    order: 'desc',
    limit: RECENT,
    offset: 0,
  });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="qa-agent-analysis">
      <Group gap="sm" mb="md">
        <Title order={2} fz="md">
          {L.qaAnalysisFor} {props.agent.name}
        </Title>
        {/* Mantine's Pill hides its remove button from assistive technology; this one is a real button. */}
        <Badge
          size="lg"
          variant="light"
          tt="none"
          pr={4}
          rightSection={
            <CloseButton size="xs" radius="xl" aria-label={D.removeAgent} onClick={props.onRemove} />
          }
          data-testid="qa-agent-chip"
        >
          {props.agent.name}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{D.question}</Table.Th>
              <Table.Th>{D.score}</Table.Th>
              <Table.Th ta="right">{D.answers}</Table.Th>
              <Table.Th ta="right">{L.alerts.columns.red}</Table.Th>
              <Table.Th ta="right">{L.alerts.columns.yellow}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.questions.map((q) => (
              <Table.Tr key={q.questionId} data-testid="qa-agent-question">
                <Table.Td>
                  <Text size="sm">{q.questionText}</Text>
                </Table.Td>
                <Table.Td>
                  <ScoreBadge score={q.averageScore} />
                </Table.Td>
                <Table.Td ta="right">{q.answers}</Table.Td>
                <Table.Td ta="right">{q.red}</Table.Td>
                <Table.Td ta="right">{q.yellow}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} fz="sm" mt="lg" mb="xs">
        {D.recentItems}
      </Title>
      <Stack gap={6}>
        {(recent.data?.items ?? []).map((item) => (
          <Group key={item.qcItemId} gap="sm" wrap="nowrap">
            <FlagBadge flag={item.flagLevel} size="xs" />
            <Anchor component={Link} to={paths.dashboardAssistantQaReport.href(item.qcItemId)} size="sm">
              {String(item.fields.callTitle ?? '')}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.qcTimestamp)}
            </Text>
          </Group>
        ))}
        {recent.isError ? (
          <Text size="sm" c="red.7" role="alert">
            {L.couldNotLoad}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
