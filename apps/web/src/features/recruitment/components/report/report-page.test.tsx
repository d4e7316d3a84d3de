import '@testing-library/jest-dom/vitest';
import { FINISH_REASON_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../../lib/api-client';
import { installDomShims } from '../../../../lib/dom-shims.test-helper';
import {
  CANDIDATE_ID,
  CHALLENGE_ID,
  challenge,
  RESULTS,
  type Reply,
  renderPage,
  stubAdminApi,
} from '../../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../../texts';
import { ReportPage, type ReportVariant } from './report-page';

const PATTERN = '/dashboard/test/user/:userId/:challengeId';
const path = `/dashboard/test/user/${CANDIDATE_ID}/${CHALLENGE_ID}`;

function open(reply: Reply, variant: ReportVariant = 'dashboard', extra: Record<string, Reply> = {}) {
  const calls = stubAdminApi({ [`GET /admin/challenges/${CHALLENGE_ID}`]: reply, ...extra });
  const router = renderPage(
    path,
    PATTERN,
    <ReportPage
      userId={CANDIDATE_ID}
      challengeId={CHALLENGE_ID}
      variant={variant}
      organisationName="Acme Hiring"
    />,
  );
  return { calls, router };
}

describe('candidate report', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('shows the candidate, the CEFR rating with its name, the overall score and the speaking analysis', async () => {
    open({ status: 200, body: challenge() });
    const summary = await screen.findByTestId('report-summary');
    expect(within(summary).getByTestId('report-candidate')).toHaveTextContent('Jane Doe');
    expect(summary).toHaveTextContent('Sales representative');
    expect(summary).toHaveTextContent('Completed 25 Nov 2026');
    expect(within(summary).getByTestId('report-cefr')).toHaveTextContent('B2Upper Intermediate');
    expect(within(summary).getByTestId('report-overall')).toHaveTextContent('74');
    expect(within(summary).getByTestId('cefr-skills')).toHaveTextContent('Speaking B2Listening A2Reading B1');

    const speaking = screen.getByTestId('report-speaking');
    expect(within(speaking).getByText(RT_LABELS.pronunciation).closest('[data-band]')).toHaveAttribute(
      'data-band',
      'warning',
    );
    expect(within(speaking).getByText(RT_LABELS.intelligibility).closest('[data-band]')).toHaveAttribute(
      'data-band',
      'positive',
    );
    expect(within(speaking).getByTestId('rate-value')).toHaveTextContent('131 wpm');
    expect(within(speaking).getByTestId('count-pauses')).toHaveTextContent('4');
    expect(within(speaking).getByTestId('count-hesitations')).toHaveTextContent('2');
    expect(within(speaking).getByTestId('count-silences')).toHaveTextContent('1');
    expect(speaking).toHaveTextContent('thoroughly58');
    expect(speaking).toHaveTextContent('/θ/61');
  });

  it('shows listening and comprehension per level with levels completed and the finish reason', async () => {
    open({ status: 200, body: challenge() });
    const listening = await screen.findByTestId('report-listening');
    expect(
      within(listening)
        .getAllByTestId('level-score')
        .map((e) => e.textContent),
    ).toEqual(['Beginner100', 'Intermediate75', 'Advanced0']);
    expect(within(listening).getByTestId('levels-completed')).toHaveTextContent(
      RT_LABELS.levelsCompleted(2, 3),
    );
    expect(listening).toHaveTextContent(FINISH_REASON_LABELS.LEVEL_LOW_SCORE);
    const comprehension = screen.getByTestId('report-comprehension');
    expect(within(comprehension).getAllByTestId('level-score')[2]).toHaveTextContent(
      `Advanced${RT_LABELS.notReached}`,
    );
    expect(comprehension).toHaveTextContent(FINISH_REASON_LABELS.TIMES_UP);
    const free = screen.getByTestId('report-free-speech');
    expect(within(free).getByTestId('free-transcript')).toHaveTextContent(
      RESULTS.freeSpeechTest.transcript ?? '',
    );
    expect(free).toHaveTextContent('Vocabulary: B1');
  });

  it('highlights the candidate row of the benchmark table and names the sources', async () => {
    open({ status: 200, body: challenge() });
    const table = await screen.findByTestId('report-benchmark');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'CEFR',
      'TOEFL iBT',
      'TOEIC (L+R)',
      'IELTS',
      'Cambridge scale (80–230)',
      'Global Scale of English (22–90)',
    ]);
    expect(within(table).getByTestId('benchmark-B2')).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByTestId('benchmark-B2')).toHaveTextContent('72–94785–9445.5–6.5160–17959–75');
    expect(within(table).getByTestId('benchmark-C1')).not.toHaveAttribute('aria-current');
    expect(within(table).getByTestId('benchmark-sources')).toHaveTextContent('Council of Europe');
    expect(within(table).getByTestId('benchmark-sources')).toHaveTextContent('Pearson');
  });

  it('says the results could not be parsed when the resultsBlob is broken', async () => {
    open({ status: 200, body: challenge({ resultsBlob: { cefrRating: 'Z9' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_TEXTS.parseResultsFailed);
  });

  it('redirects to the English Test when there are no results or the challenge is unknown', async () => {
    const first = open({ status: 200, body: challenge({ completedAt: null, resultsBlob: null }) });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard/test'));
    cleanup();
    const second = open({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard/test'));
    cleanup();
    stubAdminApi({});
    const third = renderPage(
      `/dashboard/test/user/${CANDIDATE_ID}`,
      '/dashboard/test/user/:userId',
      <ReportPage userId={CANDIDATE_ID} challengeId={undefined} variant="dashboard" />,
    );
    await waitFor(() => expect(third.state.location.pathname).toBe('/dashboard/test'));
  });

  it('downloads the PDF of the print route with a dated file name, and says when it fails', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = open({ status: 200, body: challenge() }, 'dashboard', {
      'GET /admin/generate-pdf': { status: 200, file: '%PDF-1.7' },
    });
    fireEvent.click(await screen.findByRole('button', { name: RT_LABELS.downloadReport }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const query = new URLSearchParams(
      calls.find((c) => c.path.startsWith('/admin/generate-pdf'))?.path.split('?')[1],
    );
    expect(query.get('urlPath')).toBe(`${path}/print`);
    expect(query.get('filename')).toBe('English test - Jane Doe - 2026-11-25.pdf');
    expect(screen.getByRole('link', { name: RT_LABELS.back })).toHaveAttribute(
      'href',
      `/dashboard/test/user/${CANDIDATE_ID}`,
    );
    cleanup();

    open({ status: 200, body: challenge() }, 'dashboard', {
      'GET /admin/generate-pdf': { status: 503, body: { error: { code: 'TIMEOUT', message: 'x' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: RT_LABELS.downloadReport }));
    expect(await screen.findByText(RECRUITMENT_TEXTS.generatePdfFailed)).toBeInTheDocument();
  });

  it('prints as a clean document with the organisation name and marks itself ready', async () => {
    open({ status: 200, body: challenge() }, 'print');
    const doc = await screen.findByTestId('print-document');
    expect(within(doc).getByTestId('print-organisation')).toHaveTextContent('Acme Hiring');
    await waitFor(() => expect(doc).toHaveAttribute('data-print-ready', 'true'));
    expect(within(doc).getByTestId('test-report')).toBeInTheDocument();
    expect(within(doc).queryByRole('button')).not.toBeInTheDocument();
  });
});
