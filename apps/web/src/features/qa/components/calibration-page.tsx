import { type Admin, type Calibration, QA_TEXTS } from '@agaton/contracts';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PageError, PanelError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { isNotFoundError } from '../../../lib/api-client';
import { useQuestionSets } from '../../scorecards/api/scorecards-api';
import { useCalibration } from '../api/qa-api';
import { QA_LABELS as L } from '../texts';
import { agreementColor, type CalibrationQuestion, calibrationWorstFirst } from '../utils/calibration';
import { periodSeconds, type QaPeriod, recentPeriod } from '../utils/date-range';
import { percent } from '../utils/review';
import { PeriodPicker } from './period-picker';
import { TeamPicker } from './scope-pickers';

const C = L.calibration;
const ALERTS_HREF = `${paths.dashboardAssistant.href()}?tab=qa-alerts`;
const scorecardsHref = (questionSetId: string) =>
  `${paths.dashboardAssistant.href()}?tab=scorecards&scorecard=${encodeURIComponent(questionSetId)}`;

type Counts = Calibration['totals'];

/** The exact agreement as a coloured percentage (spec 3 §9 score colours), or a dash when none was reviewed. */
function Agreement({ counts }: { counts: Counts }) {
  if (counts.agreementShare === null) {
    return (
      <Tooltip label={C.notReviewedHint}>
        <Text size="sm" c="dimmed" span>
          {C.notReviewed}
        </Text>
      </Tooltip>
    );
  }
  return (
    <Badge color={agreementColor(counts.agreementShare)} variant="light" size="md">
      {percent(counts.agreementShare)}%
    </Badge>
  );
}

function Disputes({ n }: { n: number }) {
  return n > 0 ? (
    <Badge color="orange" variant="light">
      {n}
    </Badge>
  ) : (
    <>0</>
  );
}

function Totals({ totals }: { totals: Counts }) {
  const cards: { label: string; value: ReactNode }[] = [
    { label: C.columns.answers, value: totals.answers },
    { label: C.columns.reviewed, value: totals.reviewed },
    { label: C.columns.agreed, value: totals.agreed },
    {
      label: C.columns.agreement,
      value: totals.agreementShare === null ? C.notReviewed : `${percent(totals.agreementShare)}%`,
    },
    { label: C.columns.disputes, value: totals.openDisputes },
  ];
  const color = totals.agreementShare === null ? undefined : `${agreementColor(totals.agreementShare)}.8`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
      {cards.map((c) => (
        <Paper key={c.label} withBorder radius="lg" p="md" data-testid="qa-calibration-total">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {c.label}
          </Text>
          <Text fz={28} fw={700} c={c.label === C.columns.agreement ? color : undefined}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const figureCells = (counts: Counts) => [
  { key: 'answers', label: C.columns.answers, value: <>{counts.answers}</> },
  { key: 'reviewed', label: C.columns.reviewed, value: <>{counts.reviewed}</> },
  { key: 'agreed', label: C.columns.agreed, value: <>{counts.agreed}</> },
  { key: 'agreement', label: C.columns.agreement, value: <Agreement counts={counts} /> },
  { key: 'disputes', label: C.columns.disputes, value: <Disputes n={counts.openDisputes} /> },
];

/** A wide screen: one row per question, figures in columns, totals in the footer. */
function CalibrationTable({ data, rows }: { data: Calibration; rows: CalibrationQuestion[] }) {
  const num = { ta: 'right' as const, w: 130 };
  return (
    <Paper withBorder radius="lg" p="xs" visibleFrom="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="qa-calibration-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{C.columns.question}</Table.Th>
              {figureCells(data.totals).map((c) => (
                <Table.Th key={c.key} {...num}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((q) => (
              <Table.Tr key={q.questionId} data-testid="qa-calibration-row" data-question={q.questionId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {q.questionText}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {q.presentationText}
                  </Text>
                </Table.Td>
                {figureCells(q).map((c) => (
                  <Table.Td key={c.key} {...num} data-testid={`qa-calibration-${c.key}`}>
                    {c.value}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="qa-calibration-totals">
              <Table.Th>{C.totals}</Table.Th>
              {figureCells(data.totals).map((c) => (
                <Table.Th key={c.key} {...num} data-testid={`qa-calibration-${c.key}`}>
                  {c.value}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A phone: one card per question with its figures, so the agreement is never off-screen. */
function CalibrationCards({ rows }: { rows: CalibrationQuestion[] }) {
  return (
    <Stack gap="sm" hiddenFrom="sm">
      {rows.map((q) => (
        <Paper key={q.questionId} withBorder radius="lg" p="md" data-testid="qa-calibration-card">
          <Text size="sm" fw={600}>
            {q.questionText}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {q.presentationText}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="sm">
            {figureCells(q).map((c) => (
              <Group key={c.key} justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {c.label}
                </Text>
                <Text size="sm" fw={600} span>
                  {c.value}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /dashboard/assistant/scorecards/:questionSetId/calibration (issue 27): per question of a scorecard,
 * over a date range and optionally one team, the answers, those a person reviewed (overridden or
 * confirmed), those where the person agreed with the automation, the exact agreement and the open
 * disputes, worst-answered questions first, with totals.
 */
export function CalibrationPage(props: { admin: Admin; questionSetId: string }) {
  const { questionSetId } = props;
  const navigate = useNavigate();
  const initial = useMemo(() => recentPeriod(), []);
  const [period, setPeriod] = useState<QaPeriod>(initial);
  const [teamId, setTeamId] = useState<string | null>(null);
  const sets = useQuestionSets();
  const query = useCalibration({
    questionSetId,
    ...periodSeconds(period),
    teamId: teamId ?? undefined,
  });
  const name =
    query.data?.questionSetId === questionSetId
      ? query.data.name
      : sets.data?.find((s) => s.questionSetId === questionSetId)?.name;
  const data = query.data;

  let body: ReactNode;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError && !query.isPlaceholderData) {
    const notFound = isNotFoundError(query.error);
    body = notFound ? (
      <PageError
        testId="qa-calibration-not-found"
        message={C.notFound}
        advice={C.notFoundAdvice}
        notFound
        back={{ to: `${paths.dashboardAssistant.href()}?tab=scorecards`, label: C.back }}
        retry={{ label: L.retry, onRetry: () => query.refetch(), retrying: query.isFetching }}
      />
    ) : (
      <PanelError
        message={L.couldNotLoad}
        retryLabel={L.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!data || data.questions.length === 0) {
    body = <EmptyPanel testId="qa-calibration-no-questions" text={QA_TEXTS.emptyScorecard} />;
  } else if (data.totals.reviewed === 0) {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Totals totals={data.totals} />
        <EmptyPanel
          testId="qa-calibration-empty"
          text={C.empty}
          hint={
            data.totals.openDisputes > 0
              ? `${C.emptyHint} ${C.emptyDisputes(data.totals.openDisputes)}`
              : C.emptyHint
          }
          action={
            <Button component={Link} to={ALERTS_HREF} size="sm">
              {C.toAlerts}
            </Button>
          }
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Totals totals={data.totals} />
        <CalibrationTable data={data} rows={calibrationWorstFirst(data.questions)} />
        <CalibrationCards rows={calibrationWorstFirst(data.questions)} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={scorecardsHref(questionSetId)} size="sm">
          {C.breadcrumb}
        </Anchor>
        {name ? (
          <Text size="sm" c="dimmed">
            {name}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {C.crumb}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
          {name ? C.title(name) : C.crumb}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {C.intro}
        </Text>
      </Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {sets.data && sets.data.length > 1 ? (
          <Select
            label={C.scorecard}
            w={240}
            data={sets.data.map((s) => ({ value: s.questionSetId, label: s.name }))}
            value={questionSetId}
            onChange={(id) =>
              id && navigate(paths.dashboardAssistantScorecardCalibration.href(id), { replace: true })
            }
            allowDeselect={false}
          />
        ) : null}
        <PeriodPicker initial={initial} onChange={(next) => next && setPeriod(next)} />
        <TeamPicker admin={props.admin} value={teamId} onChange={setTeamId} />
      </Group>
      {body}
    </Stack>
  );
}
