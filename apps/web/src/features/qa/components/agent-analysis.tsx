import type { QaDashboard } from '@agaton/contracts';
import { Anchor, Badge, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/ui/format';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { scoreColor } from '../../../components/ui/score-band';
import { paths } from '../../../config/paths';
import { usePhone } from '../../../lib/use-phone';
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

/** Data Explorer (spec 3 §2.5): the agents of the period; a click chooses one (a card each on a phone). */
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
      <ResponsiveTable
        rows={props.agents}
        rowKey={(a) => a.identityId}
        minWidth={560}
        verticalSpacing="xs"
        highlightOnHover
        rowProps={(a) => ({
          style: { cursor: 'pointer' },
          onClick: () => props.onChoose({ id: a.identityId, name: a.name }),
          'data-testid': 'qa-explorer-row',
        })}
        columns={[
          {
            key: 'agent',
            header: L.alerts.columns.agent,
            phone: 'title',
            cell: (a) => (
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
            ),
          },
          { key: 'items', header: D.items, td: { ta: 'right' }, cell: (a) => a.items },
          { key: 'score', header: D.score, cell: (a) => <ScoreBadge score={a.averageScore} /> },
          { key: 'red', header: L.alerts.columns.red, td: { ta: 'right' }, cell: (a) => a.red },
          { key: 'yellow', header: L.alerts.columns.yellow, td: { ta: 'right' }, cell: (a) => a.yellow },
        ]}
      />
    </Paper>
  );
}

/**
 * 'QA Analysis for <agent>' (spec 3 §2.5) with a removable chip: the agent's per-question figures
 * (the dashboard already narrowed to them) and their most recent QA items of the period. On a phone
 * each question is a card headed by its text.
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
  const phone = usePhone();
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
      <ResponsiveTable
        rows={props.questions}
        rowKey={(q) => q.questionId}
        minWidth={560}
        verticalSpacing="xs"
        rowProps={() => ({ 'data-testid': 'qa-agent-question' })}
        columns={[
          {
            key: 'question',
            header: D.question,
            phone: 'title',
            cell: (q) => (
              <Text size="sm" fw={phone ? 600 : undefined}>
                {q.questionText}
              </Text>
            ),
          },
          { key: 'score', header: D.score, cell: (q) => <ScoreBadge score={q.averageScore} /> },
          { key: 'answers', header: D.answers, td: { ta: 'right' }, cell: (q) => q.answers },
          { key: 'red', header: L.alerts.columns.red, td: { ta: 'right' }, cell: (q) => q.red },
          { key: 'yellow', header: L.alerts.columns.yellow, td: { ta: 'right' }, cell: (q) => q.yellow },
        ]}
      />
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
