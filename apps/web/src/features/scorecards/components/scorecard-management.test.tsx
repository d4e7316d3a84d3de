import '@testing-library/jest-dom/vitest';
import { QA_LIMITS, QA_TEXTS, type Question, type QuestionSet } from '@agaton/contracts';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderRoutes } from '../../../lib/render-routes.test-helper';
import { SCORECARD_LABELS as L } from '../texts';
import { ScorecardManagement } from './scorecard-management';

const SALES = '5a1e5000-0000-4000-8000-000000000001';
const SUPPORT = '5a1e5000-0000-4000-8000-000000000002';
const set = (questionSetId: string, name: string, questionCount = 1): QuestionSet => ({
  questionSetId,
  name,
  maxQuestions: QA_LIMITS.maxQuestionsPerScorecard,
  questionCount,
  documentCount: 0,
  teamIds: [],
  createdAt: '2026-11-25T09:00:00.000Z',
});
const greeting: Question = {
  questionId: '9e000000-0000-4000-8000-000000000001',
  questionText: 'Did the agent greet the customer by name?',
  presentationText: 'A greeting with the name sets the tone.',
  purposes: ['QUALITY'],
  isActive: true,
  isTrueGood: true,
  severity: 'HIGH',
  questionSetIds: [SALES, SUPPORT],
  speaker: 'AGENT',
  phrases: ['thank you for calling'],
  examples: [],
  updatedAt: '2026-11-25T10:00:00.000Z',
};

type Call = { method: string; path: string; body?: unknown };
type Reply = { status: number; body?: unknown };

/** Answers the tab's HTTP calls at the network boundary (`fetch`), keyed "METHOD /path"; records them. */
function stubApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  tokenStorage.set('admin', { accessToken: 'admin-token' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call: Call = { method, path, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: {} });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const render = () =>
  renderRoutes('/dashboard/assistant?tab=scorecards', {
    '/dashboard/assistant': (
      <>
        <Notifications />
        <ScorecardManagement />
      </>
    ),
  });

const sets = { status: 200, body: { questionSets: [set(SALES, 'Sales'), set(SUPPORT, 'Support')] } };
const salesQuestions = { status: 200, body: { questions: [greeting] } };
const dialog = () => screen.getByRole('dialog');
const save = () => within(dialog()).getByRole('button', { name: L.modal.save });

describe('Scorecard Management', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it("shows a scorecard's teams ('All teams' when none) and creates one for a chosen team", async () => {
    const ORG = 'org-1';
    const TEAM_SALES = '7e000000-0000-4000-8000-000000000001';
    const TEAM_SUPPORT = '7e000000-0000-4000-8000-000000000002';
    const created = { ...set('5a1e5000-0000-4000-8000-000000000003', 'Closers', 0), teamIds: [TEAM_SALES] };
    const calls = stubApi({
      'GET /admin': { status: 200, body: { organizationInfo: { id: ORG } } },
      [`GET /astridorg/${ORG}/teams`]: {
        status: 200,
        body: [
          { id: TEAM_SALES, name: 'Sales team' },
          { id: TEAM_SUPPORT, name: 'Support team' },
        ],
      },
      'GET /qa/question-sets': {
        status: 200,
        body: { questionSets: [{ ...set(SALES, 'Sales'), teamIds: [TEAM_SALES] }, set(SUPPORT, 'Support')] },
      },
      [`GET /qa/question-sets/${SALES}/questions`]: salesQuestions,
      [`GET /qa/question-sets/${SUPPORT}/questions`]: { status: 200, body: { questions: [] } },
      [`GET /qa/question-sets/${SALES}/documents`]: { status: 200, body: { documents: [] } },
      [`GET /qa/question-sets/${SUPPORT}/documents`]: { status: 200, body: { documents: [] } },
      'POST /qa/question-sets': { status: 201, body: created },
    });
    render();
    await waitFor(() =>
      expect(screen.getByTestId('scorecard-teams')).toHaveTextContent(L.teamsLine(['Sales team'])),
    );
    await userEvent.click(screen.getByRole('button', { name: /Support/ }));
    await waitFor(() => expect(screen.getByTestId('scorecard-teams')).toHaveTextContent(L.teamsLine([])));
    expect(L.teamsLine([])).toBe('All teams');

    await userEvent.click(screen.getAllByRole('button', { name: L.newScorecard })[0]);
    await userEvent.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: L.nameModal.name }),
      'Closers',
    );
    await userEvent.click(within(dialog()).getByLabelText(L.nameModal.teams));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales team', hidden: true }));
    await userEvent.click(within(dialog()).getByRole('button', { name: L.nameModal.save }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/qa/question-sets')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/qa/question-sets')?.body).toEqual({
      name: 'Closers',
      teamIds: [TEAM_SALES],
    });
  });

  it('says there are no scorecards, and retries a failed load', async () => {
    let fail = true;
    stubApi({
      'GET /qa/question-sets': () =>
        fail ? { status: 500, body: {} } : { status: 200, body: { questionSets: [] } },
    });
    render();
    expect(await screen.findByText(QA_TEXTS.scorecardsLoadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QA_TEXTS.retry }));
    expect(await screen.findByText(QA_TEXTS.noScorecards)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: L.newScorecard })).toBeInTheDocument();
  });

  it("shows the first scorecard's questions with Explanation and Shared, and a failed load with Retry", async () => {
    stubApi({
      'GET /qa/question-sets': sets,
      [`GET /qa/question-sets/${SALES}/questions`]: salesQuestions,
      [`GET /qa/question-sets/${SUPPORT}/questions`]: { status: 500, body: {} },
      [`GET /qa/question-sets/${SALES}/documents`]: { status: 200, body: { documents: [] } },
      [`GET /qa/question-sets/${SUPPORT}/documents`]: { status: 200, body: { documents: [] } },
    });
    render();
    const row = await screen.findByTestId('question-row');
    expect(row).toHaveTextContent(greeting.questionText);
    expect(row).toHaveTextContent(`${QA_TEXTS.explanation}: ${greeting.presentationText}`);
    expect(within(row).getByTestId('shared-badge')).toHaveTextContent(QA_TEXTS.shared);
    expect(row).toHaveTextContent(L.severities.HIGH);
    // Each scorecard leads to its calibration: how often reviewers agree with its answers.
    expect(screen.getByRole('link', { name: L.calibrationLabel('Sales') })).toHaveAttribute(
      'href',
      `/dashboard/assistant/scorecards/${SALES}/calibration`,
    );
    await userEvent.click(screen.getByRole('button', { name: /Support/ }));
    expect(await screen.findByText(QA_TEXTS.questionsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: QA_TEXTS.retry })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: L.calibrationLabel('Support') })).toHaveAttribute(
      'href',
      `/dashboard/assistant/scorecards/${SUPPORT}/calibration`,
    );
  });

  it('closes an unchanged edit without saving, saves a change, and duplicates with the scorecards cleared', async () => {
    const calls = stubApi({
      'GET /qa/question-sets': sets,
      [`GET /qa/question-sets/${SALES}/questions`]: salesQuestions,
      [`GET /qa/question-sets/${SALES}/documents`]: { status: 200, body: { documents: [] } },
      [`PUT /qa/questions/${greeting.questionId}`]: (call) => ({
        status: 200,
        body: { ...greeting, ...(call.body as object) },
      }),
    });
    render();
    const edit = async () => {
      await userEvent.click(
        await screen.findByRole('button', { name: L.editQuestion(greeting.questionText) }),
      );
      await screen.findByRole('dialog');
    };
    await edit();
    await userEvent.click(save());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await edit();
    await userEvent.click(within(dialog()).getByRole('radio', { name: L.severities.MEDIUM }));
    await userEvent.click(save());
    expect(await screen.findByText(QA_TEXTS.questionModified)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      severity: 'MEDIUM',
      questionSetIds: [SALES, SUPPORT],
    });

    await edit();
    await userEvent.click(within(dialog()).getByRole('button', { name: L.modal.duplicate }));
    expect(within(dialog()).getByRole('heading', { name: L.modal.addTitle })).toBeInTheDocument();
    expect(within(dialog()).getByText(QA_TEXTS.required)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('refuses documents over 100 MB together before sending, then names the files that failed', async () => {
    const calls = stubApi({
      'GET /qa/question-sets': sets,
      [`GET /qa/question-sets/${SALES}/questions`]: salesQuestions,
      [`GET /qa/question-sets/${SALES}/documents`]: { status: 200, body: { documents: [] } },
      [`POST /qa/question-sets/${SALES}/documents`]: (call) => {
        const file = (call.body as FormData).get('documentFile') as File;
        return file.name === 'scan.pdf'
          ? { status: 422, body: { error: { code: 'UNPROCESSABLE', message: 'No text' } } }
          : {
              status: 201,
              body: {
                documentId: '0d000000-0000-4000-8000-000000000001',
                questionSetId: SALES,
                fileName: file.name,
                contentType: 'text/plain',
                sizeBytes: file.size,
                textChars: 10,
                createdAt: '2026-11-25T10:00:00.000Z',
              },
            };
      },
    });
    render();
    await screen.findByTestId('question-row');
    const input = screen
      .getByTestId('documents-dropzone')
      .querySelector('input[type=file]') as HTMLInputElement;

    const big = new File(['x'], 'big.txt', { type: 'text/plain' });
    Object.defineProperty(big, 'size', { value: QA_LIMITS.maxDocumentsBytes });
    await userEvent.upload(input, [big, new File(['more'], 'small.txt', { type: 'text/plain' })]);
    expect(await screen.findByText(QA_TEXTS.uploadTooLarge)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.upload(input, [
      new File(['rules'], 'rules.txt', { type: 'text/plain' }),
      new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText(`${QA_TEXTS.uploadSomeFailed} scan.pdf`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
