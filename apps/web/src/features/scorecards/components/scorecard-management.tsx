import { QA_TEXTS, type QuestionSet } from '@agaton/contracts';
import { Button, Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { useQuestionSets } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';
import { ScorecardDetail } from './scorecard-detail';
import { ScorecardNameModal } from './scorecard-modals';

/**
 * Scorecard Management (spec 3 §2.7): the organisation's scorecards on the left, the chosen one's
 * questions and documents on the right. The chosen scorecard lives in the URL (`?scorecard=`).
 */
export function ScorecardManagement() {
  const sets = useQuestionSets();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);

  const choose = (questionSetId: string | null) => {
    const next = new URLSearchParams(params);
    if (questionSetId) next.set('scorecard', questionSetId);
    else next.delete('scorecard');
    setParams(next, { replace: true });
  };

  const newButton = (variant: 'filled' | 'light') => (
    <Button variant={variant} leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      {L.newScorecard}
    </Button>
  );
  const nameModal = (
    <ScorecardNameModal
      opened={creating}
      onClose={() => setCreating(false)}
      onSaved={(set) => choose(set.questionSetId)}
    />
  );

  if (sets.isPending) return <PageLoader />;
  if (sets.isError) {
    return (
      <PanelError
        message={QA_TEXTS.scorecardsLoadFailed}
        retryLabel={QA_TEXTS.retry}
        onRetry={() => sets.refetch()}
        retrying={sets.isFetching}
      />
    );
  }
  if (sets.data.length === 0) {
    return (
      <>
        <EmptyPanel
          testId="no-scorecards"
          text={QA_TEXTS.noScorecards}
          hint={L.noScorecardsHint}
          action={newButton('filled')}
        />
        {nameModal}
      </>
    );
  }
  const selected = sets.data.find((s) => s.questionSetId === params.get('scorecard')) ?? sets.data[0];
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <ScorecardList sets={sets.data} selected={selected} onChoose={choose} action={newButton('light')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <ScorecardDetail
          key={selected.questionSetId}
          set={selected}
          sets={sets.data}
          onDeleted={() => choose(null)}
        />
      </Grid.Col>
      {nameModal}
    </Grid>
  );
}

function ScorecardList(props: {
  sets: QuestionSet[];
  selected: QuestionSet;
  onChoose: (id: string) => void;
  action: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" px="xs" pt={4}>
          <Title order={2} fz="md">
            {L.scorecards}
          </Title>
        </Group>
        <nav aria-label={L.scorecards}>
          {props.sets.map((set) => (
            <NavLink
              key={set.questionSetId}
              component="button"
              type="button"
              active={set.questionSetId === props.selected.questionSetId}
              aria-current={set.questionSetId === props.selected.questionSetId ? 'true' : undefined}
              onClick={() => props.onChoose(set.questionSetId)}
              label={
                <Text fw={600} size="sm" lineClamp={2}>
                  {set.name}
                </Text>
              }
              description={
                set.documentCount > 0
                  ? `${L.questionCount(set.questionCount)} · ${L.documentCount(set.documentCount)}`
                  : L.questionCount(set.questionCount)
              }
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              data-testid="scorecard-item"
            />
          ))}
        </nav>
        <Stack px="xs" pb={4}>
          {props.action}
        </Stack>
      </Stack>
    </Paper>
  );
}
