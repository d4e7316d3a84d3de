import type { TrainingInsights } from '@agaton/contracts';
import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../components/ui/format';
import { scoreColor } from '../../../components/ui/score-band';
import { TR_LABELS } from '../texts';
import { formatFigure } from '../utils/insight-figures';
import { TraineeStatusPill } from './trainee-status';

const C = TR_LABELS.peopleColumns;

/** Each trainee's figures over the period, linking to their own insights. */
export function PeopleTable({
  people,
  personHref,
}: {
  people: NonNullable<TrainingInsights['people']>;
  personHref: (userId: string) => string;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Title order={3} fz="md" px="lg" pt="md" pb="xs">
        {TR_LABELS.people}
      </Title>
      <Table.ScrollContainer minWidth={680}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="people-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{C.name}</Table.Th>
              <Table.Th>{C.status}</Table.Th>
              <Table.Th ta="right">{C.exercises}</Table.Th>
              <Table.Th ta="right">{C.overall}</Table.Th>
              <Table.Th ta="right">{C.study}</Table.Th>
              <Table.Th>{C.lastPractice}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((p) => {
              const f = p.fullPeriod;
              return (
                <Table.Tr key={p.userId} data-testid="person-row" data-email={p.email}>
                  <Table.Td>
                    <Anchor component={Link} to={personHref(p.userId)} fw={600} size="sm">
                      {p.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TraineeStatusPill status={p.traineeStatus} />
                  </Table.Td>
                  <Table.Td ta="right">{f?.attempts ?? 0}</Table.Td>
                  <Table.Td ta="right">
                    {f?.overallScore != null ? (
                      <Badge color={scoreColor(f.overallScore)} variant="light">
                        {formatFigure(f.overallScore)}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatFigure(f?.studyMinutes ?? null)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={p.lastPracticeAt ? undefined : 'dimmed'}>
                      {p.lastPracticeAt ? formatDate(p.lastPracticeAt) : TR_LABELS.never}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
