import type { TrainingInsights } from '@agaton/contracts';
import { Anchor, Badge, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../components/ui/format';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { scoreColor } from '../../../components/ui/score-band';
import { TR_LABELS } from '../texts';
import { formatFigure } from '../utils/insight-figures';
import { TraineeStatusPill } from './trainee-status';

const C = TR_LABELS.peopleColumns;

/** Each trainee's figures over the period, linking to their own insights (a card each on a phone). */
export function PeopleTable({
  people,
  personHref,
}: {
  people: NonNullable<TrainingInsights['people']>;
  personHref: (userId: string) => string;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Title order={2} fz="md" px="lg" pt="md" pb="xs">
        {TR_LABELS.people}
      </Title>
      <ResponsiveTable
        rows={people}
        rowKey={(p) => p.userId}
        minWidth={680}
        highlightOnHover
        headerBg="gray.0"
        cardsPadding="sm"
        testId="people-table"
        rowProps={(p) => ({ 'data-testid': 'person-row', 'data-email': p.email })}
        columns={[
          {
            key: 'name',
            header: C.name,
            phone: 'title',
            cell: (p) => (
              <>
                <Anchor component={Link} to={personHref(p.userId)} fw={600} size="sm">
                  {p.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {p.email}
                </Text>
              </>
            ),
          },
          { key: 'status', header: C.status, cell: (p) => <TraineeStatusPill status={p.traineeStatus} /> },
          {
            key: 'exercises',
            header: C.exercises,
            td: { ta: 'right' },
            cell: (p) => p.fullPeriod?.attempts ?? 0,
          },
          {
            key: 'overall',
            header: C.overall,
            td: { ta: 'right' },
            cell: ({ fullPeriod: f }) =>
              f?.overallScore != null ? (
                <Badge color={scoreColor(f.overallScore)} variant="light">
                  {formatFigure(f.overallScore)}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              ),
          },
          {
            key: 'study',
            header: C.study,
            td: { ta: 'right' },
            cell: (p) => formatFigure(p.fullPeriod?.studyMinutes ?? null),
          },
          {
            key: 'last',
            header: C.lastPractice,
            cell: (p) => (
              <Text size="sm" c={p.lastPracticeAt ? undefined : 'dimmed'}>
                {p.lastPracticeAt ? formatDate(p.lastPracticeAt) : TR_LABELS.never}
              </Text>
            ),
          },
        ]}
      />
    </Paper>
  );
}
