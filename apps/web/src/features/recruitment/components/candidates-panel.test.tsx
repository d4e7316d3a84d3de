import '@testing-library/jest-dom/vitest';
import { CANDIDATE_TEST_STATUS_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  admin,
  CONTENT,
  candidate,
  challenge,
  DONE,
  meta,
  RESULTS,
  renderPage,
  SUPPORT,
  stubAdminApi,
} from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { EnglishTestPage } from './english-test-page';

const people = [
  candidate({ identityId: 'c1', name: 'Nora New', email: 'nora@example.com' }),
  candidate({
    identityId: 'c2',
    name: 'Ivan Invited',
    email: 'ivan@example.com',
    recruitInfo: { challengesMeta: [meta({ id: 'h2', code: 'AAAA-2222' })] },
  }),
  candidate({
    identityId: 'c3',
    name: 'Dana Done',
    email: 'dana@example.com',
    department: SUPPORT.name,
    aiCoachInfo: { astridIdentityId: null, teams: [SUPPORT] },
    recruitInfo: {
      challengesMeta: [meta({ id: 'h3', code: 'BBBB-3333', completedAt: DONE, resultCefr: 'B2' })],
    },
  }),
  candidate({
    identityId: 'c4',
    name: 'Eli Expired',
    email: 'eli@example.com',
    recruitInfo: { challengesMeta: [meta({ id: 'h4', code: 'CCCC-4444', isExpired: true })] },
  }),
];

function open(candidates = people, challenges: unknown[] = [challenge({ id: 'h3', candidateId: 'c3' })]) {
  const calls = stubAdminApi({
    'GET /admin/candidates': { status: 200, body: candidates },
    'GET /admin/challenges': { status: 200, body: challenges },
    'GET /admin/test-content': { status: 200, body: CONTENT },
  });
  renderPage('/dashboard/test', '/dashboard/test', <EnglishTestPage admin={admin({ testsLeft: 7 })} />);
  return calls;
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('English Test candidates', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('shows tests left and each candidate with the status of their newest test', async () => {
    open();
    expect(screen.getByTestId('tests-left')).toHaveTextContent(RECRUITMENT_TEXTS.testsLeft(7));
    const expected = {
      'Nora New': 'NotInvited',
      'Ivan Invited': 'InviteSent',
      'Dana Done': 'Done',
      'Eli Expired': 'Expired',
    } as const;
    for (const [name, status] of Object.entries(expected)) {
      expect(within(await row(name)).getByText(CANDIDATE_TEST_STATUS_LABELS[status])).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: RT_LABELS.columns.code })).toBeInTheDocument();
    expect(within(await row('Nora New')).getByRole('link', { name: 'Nora New' })).toHaveAttribute(
      'href',
      '/dashboard/test/user/c1',
    );
  });

  it('copies an open code with a Copied confirmation, shows Used once completed, and links the result', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const ivan = await row('Ivan Invited');
    fireEvent.click(within(ivan).getByRole('button', { name: RT_LABELS.copyCode('AAAA-2222') }));
    expect(writeText).toHaveBeenCalledWith('AAAA-2222');
    expect(await screen.findByText(RECRUITMENT_TEXTS.copied)).toBeInTheDocument();
    const dana = await row('Dana Done');
    expect(within(dana).getByText(RECRUITMENT_TEXTS.codeUsed)).toBeInTheDocument();
    expect(within(dana).queryByText('BBBB-3333')).not.toBeInTheDocument();
    expect(within(dana).getByRole('link', { name: /B2/ })).toHaveAttribute(
      'href',
      '/dashboard/test/user/c3/h3',
    );
    // Only completed challenges open a report.
    expect(within(ivan).queryByTestId('result-link')).not.toBeInTheDocument();
    expect(within(await row('Eli Expired')).queryByTestId('result-link')).not.toBeInTheDocument();
  });

  it('searches by name, email and department, and filters by team', async () => {
    const user = userEvent.setup();
    open();
    await row('Nora New');
    const search = screen.getByLabelText(RT_LABELS.search);
    await user.type(search, 'ivan@');
    expect(screen.getAllByTestId('candidate-row')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'support');
    expect(screen.getAllByTestId('candidate-row').map((r) => r.dataset.email)).toEqual(['dana@example.com']);
    await user.type(search, 'zzz');
    expect(await screen.findByText(RT_LABELS.noMatches)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: RT_LABELS.clearFilters }));
    expect(screen.getAllByTestId('candidate-row')).toHaveLength(4);
    await user.click(screen.getByRole('combobox', { name: RT_LABELS.team }));
    await user.click(await screen.findByRole('option', { name: 'Support', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(1));
    expect(screen.getByText('Dana Done')).toBeInTheDocument();
  });

  it('ranks the top challenging words and sounds of completed tests', async () => {
    const other = {
      ...RESULTS,
      challengingWords: [{ word_normalised: 'thoroughly', score: 40 }],
      challengingSounds: [],
    };
    open(people, [
      challenge({ id: 'h3' }),
      challenge({ id: 'h5', resultsBlob: other }),
      challenge({ id: 'h6', resultsBlob: { broken: true } }),
    ]);
    const items = await screen.findAllByTestId('challenging-item');
    expect(items).toHaveLength(5);
    // 'thoroughly' troubled two candidates (mean of 58 and 40); the broken blob is skipped.
    expect(items[0]).toHaveTextContent('thoroughly');
    expect(items[0]).toHaveTextContent(RT_LABELS.candidatesCount(2));
    expect(items[0]).toHaveTextContent('49');
    expect(items[1]).toHaveTextContent('/θ/');
  });

  it('says so when nobody completed a test, and offers Add user when there are no candidates', async () => {
    open([], []);
    expect(await screen.findByText(RECRUITMENT_TEXTS.noCandidates)).toBeInTheDocument();
    expect(screen.getByText(RT_LABELS.topChallengingEmpty)).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByTestId('candidates-empty')).getByRole('button', { name: RT_LABELS.addUser }),
    );
    expect(await screen.findByRole('dialog', { name: RT_LABELS.addUserTitle })).toBeInTheDocument();
  });
});
