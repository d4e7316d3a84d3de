import '@testing-library/jest-dom/vitest';
import { sessionTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { periodReport, renderAt, sessionReport, stubApi } from '../api/report-fixtures.test-helper';
import { REPORT_INVENTED_TEXTS } from '../texts';
import { CoachingReportDetails } from './coaching-report-details';
import { CoachingReportsList } from './coaching-reports-list';

const R = sessionTexts.reports;
const summaryOf = ({ coachingReportId, meta }: typeof periodReport) => ({ coachingReportId, meta });
const openList = () =>
  renderAt('/coach/coaching-reports', '/coach/coaching-reports', <CoachingReportsList />);
const openReport = (id: string) =>
  renderAt(
    `/coach/coaching-reports/${id}`,
    '/coach/coaching-reports/:id',
    <CoachingReportDetails reportId={id} />,
  );

describe('coaching reports', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('titles a week report and a session report by what each covers, and loads more', async () => {
    stubApi({
      '/coaching-reports?limit=25': {
        status: 200,
        body: { items: [summaryOf(periodReport)], nextCursor: 'n' },
      },
      '/coaching-reports?limit=25&cursor=n': {
        status: 200,
        body: { items: [summaryOf(sessionReport)], nextCursor: null },
      },
    });
    openList();
    const first = await screen.findByTestId('report-item');
    expect(within(first).getByTestId('report-title')).toHaveTextContent(/^Week of 16 Mar 2026$/);
    expect(first).toHaveTextContent(R.item('21 Mar 2026'));
    expect(within(first).getByTestId('report-length')).toHaveTextContent('Average session length 00:12:34');
    expect(first).toHaveTextContent('3 sessions analysed');
    expect(first).toHaveAttribute('href', '/coach/coaching-reports/r-period');
    fireEvent.click(screen.getByRole('button', { name: R.loadMore }));
    expect(await screen.findByText(R.item('15 Mar 2026'))).toBeInTheDocument();
    expect(screen.getAllByTestId('report-title')[1]).toHaveTextContent(/^Session on 15 Mar 2026, 10:32$/);
    expect(screen.getAllByTestId('report-length')[1]).toHaveTextContent('Session length 01:02:05');
    expect(screen.queryByRole('button', { name: R.loadMore })).not.toBeInTheDocument();
  });

  it('shows the empty text with a next step', async () => {
    stubApi({ '/coaching-reports?limit=25': { status: 200, body: { items: [], nextCursor: null } } });
    openList();
    expect(await screen.findByText(sessionTexts.sessions.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: REPORT_INVENTED_TEXTS.recordMeeting })).toHaveAttribute(
      'href',
      '/coach/assistant',
    );
  });

  it('shows a report: breadcrumb, heading, period line and the summary blocks as paragraphs or bullets', async () => {
    stubApi({ '/coaching-reports/r-period': { status: 200, body: periodReport } });
    openReport('r-period');
    const summary = await screen.findByTestId('coaching-summary');
    expect(screen.getByRole('link', { name: R.breadcrumb })).toHaveAttribute(
      'href',
      '/coach/coaching-reports',
    );
    expect(screen.getByRole('heading', { level: 1, name: R.heading })).toBeInTheDocument();
    expect(screen.getByText('Week of 16 Mar 2026')).toBeInTheDocument();
    expect(screen.getByTestId('report-meta')).toHaveTextContent(
      `3 sessions analysed · ${R.item('21 Mar 2026')}`,
    );
    expect(within(summary).getByRole('heading', { name: R.summary })).toBeInTheDocument();
    const blocks = within(summary).getAllByTestId('summary-block');
    expect(within(blocks[0]!).getByTestId('block-paragraph')).toHaveTextContent('You keep a steady pace.');
    expect(within(blocks[1]!).getAllByRole('listitem')).toHaveLength(2);
  });

  it('links a per-session report to its session', async () => {
    stubApi({ '/coaching-reports/r-session': { status: 200, body: sessionReport } });
    openReport('r-session');
    expect(await screen.findByText('Session on 15 Mar 2026, 10:32')).toBeInTheDocument();
    expect(screen.getByTestId('report-meta')).toHaveTextContent(R.item('15 Mar 2026'));
    expect(screen.getByRole('link', { name: REPORT_INVENTED_TEXTS.openSession })).toHaveAttribute(
      'href',
      '/coach/sessions/s9',
    );
  });

  it('says a missing report was not found, and other failures went wrong, with a way back', async () => {
    stubApi({
      '/coaching-reports/gone': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } },
    });
    openReport('gone');
    expect(await screen.findByRole('alert')).toHaveTextContent(R.notFound);
    expect(screen.getByRole('link', { name: REPORT_INVENTED_TEXTS.backToReports })).toBeInTheDocument();
    cleanup();
    stubApi({ '/coaching-reports/boom': { status: 500, body: {} } });
    openReport('boom');
    expect(await screen.findByRole('alert')).toHaveTextContent(R.failed);
    expect(screen.getByRole('button', { name: REPORT_INVENTED_TEXTS.retry })).toBeInTheDocument();
  });
});
