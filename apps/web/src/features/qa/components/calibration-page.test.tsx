import '@testing-library/jest-dom/vitest';
import { QA_LIMITS, QA_TEXTS } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  admin,
  type Call,
  calibration,
  calibrationRow,
  renderQa,
  SALES,
  SET_ID,
  stubQaApi,
} from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { CalibrationPage } from './calibration-page';

const C = L.calibration;
const PATH = `/qa/question-sets/${SET_ID}/calibration`;
const OTHER_SET = '5c000000-0000-4000-8000-000000000002';
const sets = {
  status: 200,
  body: {
    questionSets: [SET_ID, OTHER_SET].map((id, i) => ({
      questionSetId: id,
      name: i === 0 ? 'Sales calls' : 'Compliance',
      maxQuestions: QA_LIMITS.maxQuestionsPerScorecard,
      questionCount: 3,
      documentCount: 0,
      teamIds: [],
      createdAt: '2026-11-25T09:00:00.000Z',
    })),
  },
};
const calibrationCalls = (calls: Call[]) => calls.filter((c) => c.path === PATH);

function render() {
  return renderQa(
    `/dashboard/assistant/scorecards/${SET_ID}/calibration`,
    '/dashboard/assistant/scorecards/:questionSetId/calibration',
    <CalibrationPage admin={admin()} questionSetId={SET_ID} />,
  );
}

describe('Calibration of a scorecard (issue 27)', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('lists every question worst-answered first with its figures, and the totals', async () => {
    const calls = stubQaApi({
      'GET /qa/question-sets': sets,
      [`GET ${PATH}`]: {
        status: 200,
        body: calibration([
          calibrationRow('q-welcome', 'Did the agent welcome the customer?', {
            answers: 10,
            reviewed: 4,
            agreed: 4,
          }),
          calibrationRow('q-never', 'Did the agent offer a discount?', {
            answers: 6,
            reviewed: 0,
            agreed: 0,
          }),
          calibrationRow('q-needs', "Did the agent ask about the customer's needs?", {
            answers: 8,
            reviewed: 2,
            agreed: 1,
            openDisputes: 1,
          }),
          calibrationRow('q-promise', 'Did the agent promise a result?', {
            answers: 8,
            reviewed: 3,
            agreed: 1,
          }),
        ]),
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: C.title('Sales calls') })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('qa-calibration-row');
    expect(rows.map((r) => r.getAttribute('data-question'))).toEqual([
      'q-promise',
      'q-needs',
      'q-welcome',
      'q-never',
    ]);
    const cells = (row: HTMLElement) =>
      ['answers', 'reviewed', 'agreed', 'agreement', 'disputes'].map(
        (k) => within(row).getByTestId(`qa-calibration-${k}`).textContent,
      );
    expect(cells(rows[0])).toEqual(['8', '3', '1', '33%', '0']);
    expect(cells(rows[1])).toEqual(['8', '2', '1', '50%', '1']);
    expect(cells(rows[2])).toEqual(['10', '4', '4', '100%', '0']);
    expect(cells(rows[3])).toEqual(['6', '0', '0', C.notReviewed, '0']);
    // A phone shows the same questions as cards, in the same order.
    expect(screen.getAllByTestId('qa-calibration-card').map((c) => c.textContent?.split('Why')[0])).toEqual([
      'Did the agent promise a result?',
      "Did the agent ask about the customer's needs?",
      'Did the agent welcome the customer?',
      'Did the agent offer a discount?',
    ]);
    const totals = screen.getByTestId('qa-calibration-totals');
    expect(totals).toHaveTextContent(C.totals);
    expect(within(totals).getByTestId('qa-calibration-agreement')).toHaveTextContent('67%');
    expect(screen.getAllByTestId('qa-calibration-total').map((c) => c.textContent)).toEqual([
      `${C.columns.answers}32`,
      `${C.columns.reviewed}9`,
      `${C.columns.agreed}6`,
      `${C.columns.agreement}67%`,
      `${C.columns.disputes}1`,
    ]);
    // The last 30 days by default, ending 23:59:59 today; every team.
    const query = calibrationCalls(calls)[0].query;
    const from = new Date(Number(query.get('fromTime')) * 1000);
    const to = new Date(Number(query.get('toTime')) * 1000);
    expect([to.getHours(), to.getMinutes(), to.getSeconds()]).toEqual([23, 59, 59]);
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(30);
    expect(query.has('teamId')).toBe(false);
    // The way back to the scorecard in Scorecard Management.
    expect(screen.getByRole('link', { name: C.breadcrumb })).toHaveAttribute(
      'href',
      `/dashboard/assistant?tab=scorecards&scorecard=${SET_ID}`,
    );
  });

  it('asks again for one team', async () => {
    const calls = stubQaApi({
      'GET /qa/question-sets': sets,
      [`GET ${PATH}`]: {
        status: 200,
        body: calibration([calibrationRow('q1', 'Q?', { answers: 1, reviewed: 1, agreed: 1 })]),
      },
    });
    render();
    await screen.findAllByTestId('qa-calibration-row');
    await userEvent.click(screen.getByRole('combobox', { name: L.filters.team }));
    await userEvent.click(await screen.findByRole('option', { name: SALES.name, hidden: true }));
    await waitFor(() => expect(calibrationCalls(calls).at(-1)?.query.get('teamId')).toBe(SALES.id));
  });

  it('says when no answer was reviewed by a person in the period, with the way to the QA reports', async () => {
    stubQaApi({
      'GET /qa/question-sets': sets,
      [`GET ${PATH}`]: {
        status: 200,
        body: calibration([
          calibrationRow('q1', 'Did the agent welcome the customer?', { answers: 5, reviewed: 0, agreed: 0 }),
          calibrationRow('q2', 'Did the agent recap?', {
            answers: 5,
            reviewed: 0,
            agreed: 0,
            openDisputes: 1,
          }),
        ]),
      },
    });
    render();
    const empty = await screen.findByTestId('qa-calibration-empty');
    expect(empty).toHaveTextContent(C.empty);
    expect(empty).toHaveTextContent(C.emptyDisputes(1));
    expect(within(empty).getByRole('link', { name: C.toAlerts })).toHaveAttribute(
      'href',
      '/dashboard/assistant?tab=qa-alerts',
    );
    expect(screen.queryByTestId('qa-calibration-table')).toBeNull();
  });

  it('says a scorecard without questions is empty', async () => {
    stubQaApi({ 'GET /qa/question-sets': sets, [`GET ${PATH}`]: { status: 200, body: calibration([]) } });
    render();
    expect(await screen.findByTestId('qa-calibration-no-questions')).toHaveTextContent(
      QA_TEXTS.emptyScorecard,
    );
  });

  it('says the data could not load, and Retry loads it', async () => {
    let fail = true;
    stubQaApi({
      'GET /qa/question-sets': sets,
      [`GET ${PATH}`]: () =>
        fail
          ? { status: 500, body: {} }
          : {
              status: 200,
              body: calibration([calibrationRow('q1', 'Q?', { answers: 1, reviewed: 1, agreed: 0 })]),
            },
    });
    render();
    expect(await screen.findByText(QA_TEXTS.couldNotLoad)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QA_TEXTS.retry }));
    expect(await screen.findByTestId('qa-calibration-row')).toBeInTheDocument();
  });

  it('says an unknown scorecard was not found, with the way back', async () => {
    stubQaApi({ 'GET /qa/question-sets': sets });
    render();
    const error = await screen.findByTestId('qa-calibration-not-found');
    expect(error).toHaveTextContent(C.notFound);
    expect(within(error).getByRole('link', { name: C.back })).toHaveAttribute(
      'href',
      '/dashboard/assistant?tab=scorecards',
    );
  });
});
