import '@testing-library/jest-dom/vitest';
import { CANDIDATE_TEST_STATUS_LABELS } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  CANDIDATE_ID,
  CHALLENGE_ID,
  CONTENT,
  candidate,
  challenge,
  DONE,
  meta,
  renderPage,
  stubAdminApi,
} from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { CandidatePage } from './candidate-page';
import { DownloadPage } from './download-page';
import { TestContentPanel } from './test-content-panel';

const cleanUp = () => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear('admin');
};

describe('test content', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(cleanUp);

  it('lists positions with per-level pools, asks and time limits; managers cannot edit', async () => {
    stubAdminApi({ 'GET /admin/test-content': { status: 200, body: CONTENT } });
    renderPage('/t', '/t', <TestContentPanel canEdit={false} />);
    const positions = await screen.findAllByTestId('content-position');
    expect(positions.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Sales representative',
      'Customer support agent',
    ]);
    const beginner = within(positions[0]).getByRole('rowheader', { name: 'Beginner' }).closest('tr');
    expect(beginner).toHaveTextContent(
      `3 · ${RT_LABELS.asks(2)}2 · ${RT_LABELS.asks(1)}1 · ${RT_LABELS.asks(1)}1`,
    );
    expect(screen.getByTestId('time-limit-ReadingComprehension')).toHaveTextContent('00:10:00');
    expect(screen.getByText(RT_LABELS.contentKept, { exact: false })).toHaveTextContent(RT_LABELS.ownersOnly);
    expect(screen.queryByRole('button', { name: RT_LABELS.editJson })).not.toBeInTheDocument();
  });

  it("edits as JSON, lists the server's validation errors by path, and saves a valid edit", async () => {
    let saves = 0;
    const calls = stubAdminApi({
      'GET /admin/test-content': { status: 200, body: CONTENT },
      'PUT /admin/test-content': () =>
        ++saves === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION',
                  message: 'The test content is not valid.',
                  details: [
                    { path: 'positions.0.levels.LOW.reading.ask', message: 'ask is 9 but the pool has 3' },
                  ],
                },
              },
            }
          : { status: 200, body: CONTENT },
    });
    renderPage('/t', '/t', <TestContentPanel canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: RT_LABELS.editJson }));
    const editor = screen.getByLabelText(RT_LABELS.jsonLabel);
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual(CONTENT);
    fireEvent.change(editor, { target: { value: '{ not json' } });
    fireEvent.click(screen.getByRole('button', { name: RT_LABELS.save }));
    expect(await screen.findByTestId('content-errors')).toHaveTextContent(RT_LABELS.jsonInvalid);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    const edited = structuredClone(CONTENT);
    edited.positions[0].levels.LOW.reading.ask = 9;
    fireEvent.change(editor, { target: { value: JSON.stringify(edited) } });
    fireEvent.click(screen.getByRole('button', { name: RT_LABELS.save }));
    const errors = await screen.findByText('positions.0.levels.LOW.reading.ask');
    expect(errors.closest('li')).toHaveTextContent('ask is 9 but the pool has 3');
    // The list says it all; the summary message is shown only when there are no details.
    expect(screen.getByTestId('content-errors')).not.toHaveTextContent('The test content is not valid.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(edited);

    fireEvent.click(screen.getByRole('button', { name: RT_LABELS.save }));
    expect(await screen.findByText(RT_LABELS.saved)).toBeInTheDocument();
    expect(screen.queryByLabelText(RT_LABELS.jsonLabel)).not.toBeInTheDocument();
  });
});

describe('candidate page', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(cleanUp);

  it('shows the candidate and their tests, newest first, with a report link only for completed ones', async () => {
    const tests = [
      meta({
        id: 'old',
        createTime: '2026-11-01T09:00:00.000Z',
        completedAt: DONE,
        resultCefr: 'B1',
        code: 'OLD1-CODE',
      }),
      meta({ id: 'new', createTime: '2026-11-22T09:00:00.000Z', code: 'NEW2-CODE' }),
    ];
    stubAdminApi({
      'GET /admin/candidates': { status: 200, body: [candidate({ recruitInfo: { challengesMeta: tests } })] },
    });
    renderPage(`/u/${CANDIDATE_ID}`, '/u/:id', <CandidatePage userId={CANDIDATE_ID} />);
    expect(await screen.findByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByTestId('candidate-details')).toHaveTextContent('Intermediate');
    const rows = screen.getAllByTestId('candidate-test');
    expect(rows[0]).toHaveTextContent('NEW2-CODE');
    expect(rows[0]).toHaveTextContent(CANDIDATE_TEST_STATUS_LABELS.InviteSent);
    expect(within(rows[0]).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Used');
    expect(within(rows[1]).getByRole('link', { name: RT_LABELS.openReport })).toHaveAttribute(
      'href',
      `/dashboard/test/user/${CANDIDATE_ID}/old`,
    );
    expect(screen.getByRole('link', { name: RT_LABELS.backToTest })).toHaveAttribute(
      'href',
      '/dashboard/test',
    );
  });

  it('sends an unknown candidate back to the English Test', async () => {
    stubAdminApi({ 'GET /admin/candidates': { status: 200, body: [candidate()] } });
    const router = renderPage('/u/x', '/u/:id', <CandidatePage userId="someone-else" />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/test'));
  });
});

describe('download page', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(cleanUp);

  it('explains itself without ids, and downloads the named report with them', async () => {
    renderPage('/download', '/download', <DownloadPage candidateId={null} challengeId={null} />);
    expect(screen.getByTestId('download-missing')).toHaveTextContent(RT_LABELS.downloadMissing);
    expect(screen.getByRole('link', { name: RT_LABELS.goToTest })).toHaveAttribute('href', '/dashboard/test');
    cleanup();

    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = stubAdminApi({
      [`GET /admin/challenges/${CHALLENGE_ID}`]: { status: 200, body: challenge() },
      'GET /admin/generate-pdf': { status: 200, file: '%PDF-1.7' },
    });
    renderPage(
      '/download',
      '/download',
      <DownloadPage candidateId={CANDIDATE_ID} challengeId={CHALLENGE_ID} />,
    );
    expect(await screen.findByText(RT_LABELS.downloaded)).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path.startsWith('/admin/generate-pdf'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: RT_LABELS.downloadAgain }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
  });
});
