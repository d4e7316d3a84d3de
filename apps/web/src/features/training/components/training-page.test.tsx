import '@testing-library/jest-dom/vitest';
import { type Admin, PLAN_TEXTS, type TrainingInsights, trainingTexts } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { useCandidates } from '../../recruitment/api/recruitment-api';
// The route composes the English Test's list and form with this page; the test does the same.
import {
  admin,
  candidate,
  type Reply,
  renderPage,
  SALES,
  stubAdminApi,
} from '../../recruitment/api/recruitment-fixtures.test-helper';
import { AddUserModal } from '../../recruitment/components/add-user-modal';
import { RT_LABELS } from '../../recruitment/texts';
import { TR_LABELS } from '../texts';
import { TrainingPage } from './training-page';

const ANN = '1d000000-0000-4000-8000-000000000001';
const BEN = '1d000000-0000-4000-8000-000000000002';
const trainees = [
  candidate({
    identityId: ANN,
    name: 'Ann One',
    email: 'ann@example.com',
    isRecruit: false,
    isTrainee: true,
    traineeInfo: { traineeStatus: 'Training' },
  }),
  candidate({
    identityId: BEN,
    name: 'Ben Two',
    email: 'ben@example.com',
    isRecruit: false,
    isTrainee: true,
    traineeInfo: { traineeStatus: 'NotInvited' },
  }),
  // A recruit only: not in the learning app's list.
  candidate({
    identityId: '1d000000-0000-4000-8000-000000000003',
    name: 'Rex Recruit',
    email: 'rex@example.com',
  }),
];

function Page({ who }: { who: Admin }) {
  const candidates = useCandidates();
  return (
    <TrainingPage
      admin={who}
      candidates={candidates}
      renderAddUser={(props) => <AddUserModal mode="training" admin={who} positions={[]} {...props} />}
    />
  );
}

function open(
  options: { who?: Admin; people?: unknown[]; path?: string; extra?: Record<string, Reply> } = {},
) {
  const calls = stubAdminApi({
    'GET /admin/candidates': { status: 200, body: options.people ?? trainees },
    ...options.extra,
  });
  renderPage(
    options.path ?? '/dashboard/training',
    '/dashboard/training',
    <Page who={options.who ?? admin()} />,
  );
  return { calls, user: userEvent.setup() };
}

const figures = {
  attempts: 4,
  overallScore: 76.5,
  studyMinutes: 12,
  pronunciation: 81,
  contentScore: 92,
  fluency: { score: 70, wordsPerMinute: 118 },
  pausingShare: 50,
  hesitationShare: 25,
  silenceShare: 0,
  lessonsCompleted: 3,
  wordsSaid: 96,
  challengingWords: [{ label: 'thorough', score: 54, count: 2 }],
  challengingPhonemes: [{ label: 'θ', score: 48, count: 3 }],
  popularTopics: [{ topic: 'Customer support', attempts: 4 }],
};
const empty = {
  ...figures,
  attempts: 0,
  overallScore: null,
  challengingWords: [],
  challengingPhonemes: [],
  popularTopics: [],
};
const insights = (withPractice: boolean): TrainingInsights => ({
  period: { name: 'current-week', from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' },
  cohort: {
    fullPeriod: withPractice ? figures : empty,
    days: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const).map((day) => ({
      day,
      figures: day === 'Tue' && withPractice ? figures : empty,
    })),
  },
  people: [
    {
      userId: ANN,
      name: 'Ann One',
      email: 'ann@example.com',
      traineeStatus: 'Training',
      lastPracticeAt: withPractice ? '2026-11-24T10:00:00.000Z' : null,
      fullPeriod: withPractice ? figures : empty,
      days: null,
    },
  ],
});

describe('English Learning App page', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('lists the trainees with their status, not the recruits', async () => {
    open();
    const table = await screen.findByTestId('trainees-table');
    expect(within(table).getByText('Ann One')).toBeInTheDocument();
    expect(within(table).getByText(trainingTexts.statusLabels.Training)).toBeInTheDocument();
    expect(within(table).getByText(trainingTexts.statusLabels.NotInvited)).toBeInTheDocument();
    expect(within(table).getAllByText(SALES.name)).toHaveLength(2);
    expect(within(table).queryByText('Rex Recruit')).not.toBeInTheDocument();
  });

  it('offers Add training user when there is no trainee, and the form adds one as a trainee', async () => {
    const { user, calls } = open({
      people: [],
      extra: { 'POST /candidate': { status: 200, body: { createdCandidate: trainees[1] } } },
    });
    expect(await screen.findByText(trainingTexts.noTrainees)).toBeInTheDocument();
    await user.click(
      within(screen.getByTestId('trainees-empty')).getByRole('button', { name: TR_LABELS.addUser }),
    );
    const dialog = await screen.findByRole('dialog', { name: RT_LABELS.addTrainingUserTitle });
    expect(within(dialog).queryByLabelText(RT_LABELS.sendNow)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name/), 'Ben Two');
    await user.type(within(dialog).getByLabelText(/Email/), 'ben@example.com');
    await user.click(within(dialog).getByLabelText(RT_LABELS.inviteTrainingNow));
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.addTrainingUser }));
    expect(await screen.findByText(RT_LABELS.added('Ben Two'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ben Two',
      email: 'ben@example.com',
      isRecruit: false,
      isTrainee: true,
      inviteUserToTraining: false,
    });
  });

  it("says 'Please select users first.' with nobody selected, then invites the selected", async () => {
    const { user, calls } = open({
      extra: {
        'POST /candidate/training-invite': { status: 200, body: { invitedCandidatesIdentityIds: [BEN] } },
      },
    });
    await screen.findByTestId('trainees-table');
    await user.click(screen.getByRole('button', { name: TR_LABELS.invite }));
    expect(await screen.findByText(trainingTexts.selectUsersFirst)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: TR_LABELS.selectRow('Ben Two') }));
    await user.click(screen.getByRole('button', { name: TR_LABELS.invite }));
    const dialog = await screen.findByRole('dialog', { name: TR_LABELS.inviteTitle });
    expect(within(dialog).getByText('Ben Two')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: TR_LABELS.inviteSend }));
    expect(await screen.findByText(TR_LABELS.invited(1))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/candidate/training-invite')?.body).toEqual({
      candidateAstridIdentityIds: [BEN],
    });
  });

  it("shows 'Sending app invitations failed.' when the invitation fails", async () => {
    const { user } = open({ extra: { 'POST /candidate/training-invite': { status: 500, body: {} } } });
    await screen.findByTestId('trainees-table');
    await user.click(screen.getByRole('checkbox', { name: TR_LABELS.selectRow('Ann One') }));
    await user.click(screen.getByRole('button', { name: TR_LABELS.invite }));
    await user.click(await screen.findByRole('button', { name: TR_LABELS.inviteSend }));
    expect(await screen.findByText(trainingTexts.invitationsFailed)).toBeInTheDocument();
  });

  it('opens the users-limit modal when the server refuses the invitation past the limit', async () => {
    const refused = {
      status: 402,
      body: { error: { code: 'PAYMENT_REQUIRED', message: PLAN_TEXTS.limitUsers } },
    };
    const { user } = open({ extra: { 'POST /candidate/training-invite': refused } });
    await screen.findByTestId('trainees-table');
    await user.click(screen.getByRole('checkbox', { name: TR_LABELS.selectRow('Ben Two') }));
    await user.click(screen.getByRole('button', { name: TR_LABELS.invite }));
    await user.click(await screen.findByRole('button', { name: TR_LABELS.inviteSend }));
    expect(await screen.findByRole('dialog', { name: PLAN_TEXTS.limitUsers })).toBeInTheDocument();
  });

  it('opens the users-limit modal instead of the form when no user is left', async () => {
    const full = admin();
    full.productAccess.training = { haveAccess: true, status: 'trial-active', maxUserCount: 2 };
    const { user } = open({ who: full });
    await screen.findByTestId('trainees-table');
    expect(screen.getByTestId('users-count')).toHaveTextContent(TR_LABELS.usersCount(2, 2));
    await user.click(screen.getByRole('button', { name: TR_LABELS.addUser }));
    expect(await screen.findByRole('dialog', { name: PLAN_TEXTS.limitUsers })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: RT_LABELS.addTrainingUserTitle })).not.toBeInTheDocument();
  });

  it("shows the cohort's figures, challenging items and trainees on the Insights tab", async () => {
    const { calls } = open({
      path: '/dashboard/training?tab=insights',
      extra: { 'GET /insights': { status: 200, body: insights(true) } },
    });
    const cards = await screen.findByTestId('insight-cards');
    expect(within(within(cards).getByTestId('card-overall')).getByTestId('card-value')).toHaveTextContent(
      '76.5',
    );
    expect(
      within(within(cards).getByTestId('card-fluency')).getByText('118 words per minute'),
    ).toBeInTheDocument();
    expect(within(within(cards).getByTestId('card-pausing')).getByTestId('card-value')).toHaveTextContent(
      '50%',
    );
    expect(within(screen.getByTestId('challenging-sounds')).getByText('/θ/')).toBeInTheDocument();
    expect(within(screen.getByTestId('challenging-words')).getByText('thorough')).toBeInTheDocument();
    expect(within(screen.getByTestId('people-table')).getByRole('link', { name: 'Ann One' })).toHaveAttribute(
      'href',
      `/dashboard/training/user/${ANN}`,
    );
    expect(calls.find((c) => c.path.startsWith('/insights'))?.path).toBe('/insights?period=current-week');
  });

  it('says there is no practice yet, with the next step, for an empty period', async () => {
    open({
      path: '/dashboard/training?tab=insights&period=last-week',
      extra: { 'GET /insights': { status: 200, body: insights(false) } },
    });
    const panel = await screen.findByTestId('insights-empty');
    expect(within(panel).getByText(trainingTexts.noPractice)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: TR_LABELS.inviteNext })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('people-table')).toBeInTheDocument());
  });
});
