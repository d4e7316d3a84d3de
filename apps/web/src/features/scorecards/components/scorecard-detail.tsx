import { QA_TEXTS, type Question, type QuestionSet } from '@agaton/contracts';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconScale, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { useQuestions, useScorecardTeams } from '../api/scorecards-api';
import { SCORECARD_LABELS as L } from '../texts';
import type { QuestionModalMode } from '../utils/question-form';
import { DocumentsPanel } from './documents-panel';
import { QuestionList } from './question-list';
import { QuestionModal } from './question-modal';
import { DeleteScorecardModal, ScorecardNameModal } from './scorecard-modals';

/**
 * One scorecard: its name with rename and delete, the way to its calibration (how often reviewers
 * agree with its automatic answers), its questions, and its reference documents.
 */
export function ScorecardDetail(props: { set: QuestionSet; sets: QuestionSet[]; onDeleted: () => void }) {
  const { set } = props;
  const questions = useQuestions(set.questionSetId);
  const teams = useScorecardTeams();
  const teamNames = set.teamIds.map((id) => teams.data?.find((team) => team.id === id)?.name ?? L.otherTeam);
  const [modal, setModal] = useState<QuestionModalMode | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const full = set.questionCount >= set.maxQuestions;

  const add = (
    <Tooltip label={L.scorecardFull} disabled={!full} multiline w={260}>
      <Button
        leftSection={<IconPlus size={18} />}
        onClick={() => setModal({ kind: 'add' })}
        disabled={full}
        data-disabled={full || undefined}
      >
        {L.addQuestion}
      </Button>
    </Tooltip>
  );

  let body: React.ReactNode;
  if (questions.isPending) body = <PageLoader />;
  else if (questions.isError) {
    body = (
      <PanelError
        message={QA_TEXTS.questionsLoadFailed}
        retryLabel={QA_TEXTS.retry}
        onRetry={() => questions.refetch()}
        retrying={questions.isFetching}
      />
    );
  } else if (questions.data.length === 0) {
    body = (
      <EmptyPanel
        testId="empty-scorecard"
        text={QA_TEXTS.emptyScorecard}
        hint={L.emptyScorecardHint}
        action={add}
      />
    );
  } else {
    body = (
      <QuestionList
        questions={questions.data}
        set={set}
        sets={props.sets}
        onEdit={(question: Question) => setModal({ kind: 'edit', question })}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        {/* On a phone the actions move under the name. */}
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 200, flex: 1 }}>
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {set.name}
            </Title>
            <Text c="dimmed" size="sm">
              {L.questionCount(set.questionCount)} · {L.documentCount(set.documentCount)}
            </Text>
            <Text c="dimmed" size="sm" data-testid="scorecard-teams">
              {L.teamsLine(teamNames)}
            </Text>
          </div>
          <Group gap="xs">
            {questions.isSuccess && questions.data.length > 0 && add}
            <Button
              component={Link}
              to={paths.dashboardAssistantScorecardCalibration.href(set.questionSetId)}
              variant="default"
              leftSection={<IconScale size={18} />}
              aria-label={L.calibrationLabel(set.name)}
            >
              {L.calibration}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={L.scorecardActions(set.name)}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
                  {L.rename}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDeleting(true)}
                >
                  {L.deleteScorecard}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Paper>
      {body}
      <DocumentsPanel questionSetId={set.questionSetId} />
      <QuestionModal
        mode={modal}
        onClose={() => setModal(null)}
        onModeChange={setModal}
        set={set}
        sets={props.sets}
      />
      <ScorecardNameModal opened={renaming} onClose={() => setRenaming(false)} set={set} />
      <DeleteScorecardModal
        set={set}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={props.onDeleted}
      />
    </Stack>
  );
}
