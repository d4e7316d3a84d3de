import '@testing-library/jest-dom/vitest';
import { sessionTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderAt, SESSION_TIME, stubApi, summary } from '../api/session-fixtures.test-helper';
import { SESSION_INVENTED_TEXTS as I, STAGE_LABEL } from '../texts';
import { SessionsList } from './sessions-list';

const T = sessionTexts.sessions;
const open = () => renderAt('/coach/sessions', '/coach/sessions', <SessionsList />);

describe('sessions list', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('lists sessions with date and hh:mm:ss length, linking to their feedback, and loads more by cursor', async () => {
    const calls = stubApi({
      '/sessions?limit=25': { status: 200, body: { items: [summary()], nextCursor: 'c2' } },
      '/sessions?limit=25&cursor=c2': {
        status: 200,
        body: { items: [summary({ id: 's0', durationSeconds: 3725 })], nextCursor: null },
      },
    });
    open();
    const first = await screen.findByTestId('session-item');
    expect(first).toHaveTextContent(T.item('14 Mar 2026, 10:32'));
    expect(first).toHaveTextContent(T.length('00:12:34'));
    expect(first).toHaveAttribute('href', '/coach/sessions/s1');
    fireEvent.click(screen.getByRole('button', { name: sessionTexts.reports.loadMore }));
    expect(await screen.findByText(T.length('01:02:05'))).toBeInTheDocument();
    expect(screen.getAllByTestId('session-item')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: sessionTexts.reports.loadMore })).not.toBeInTheDocument();
    expect(calls).toEqual(['/sessions?limit=25', '/sessions?limit=25&cursor=c2']);
  });

  it("shows each session's overall score, its change on the one before, and the trend of the latest", async () => {
    const day = (n: number) => SESSION_TIME + n * 86_400;
    stubApi({
      '/sessions?limit=25': {
        status: 200,
        body: {
          items: [
            summary({
              id: 'new',
              timestampSeconds: day(4),
              analysis: { status: 'running', stage: 'scoring', percent: 50, error: null },
            }),
            summary({ id: 'd3', timestampSeconds: day(3), overallScore: 68 }),
            summary({ id: 'short', timestampSeconds: day(2), overallScore: null }),
            summary({ id: 'd2', timestampSeconds: day(1), overallScore: 71 }),
            summary({ id: 'd1', timestampSeconds: day(0), overallScore: 64 }),
          ],
          nextCursor: null,
        },
      },
    });
    open();
    const [running, d3, short, d2, d1] = await screen.findAllByTestId('session-item');
    expect(within(running).queryByTestId('session-score')).toBeNull();
    expect(within(d3).getByTestId('session-score')).toHaveTextContent(`68${I.overall}`);
    expect(within(d3).getByTestId('score-change')).toHaveTextContent(I.change(-3));
    expect(within(short).getByTestId('session-score')).toHaveTextContent(I.notScored);
    expect(within(d2).getByTestId('score-change')).toHaveTextContent(I.change(7));
    expect(within(d1).getByTestId('session-score')).toHaveTextContent('64');
    expect(within(d1).queryByTestId('score-change')).toBeNull();

    const trend = screen.getByTestId('score-trend');
    expect(within(trend).getByTestId('latest-score')).toHaveTextContent('68');
    expect(within(trend).getByTestId('trend-change')).toHaveTextContent(
      'Up 4 over your last 3 scored sessions',
    );
    expect(within(trend).getByRole('img')).toHaveAccessibleName('Overall scores, oldest first: 64, 71, 68');
  });

  it('shows no trend before two sessions are scored', async () => {
    stubApi({
      '/sessions?limit=25': {
        status: 200,
        body: { items: [summary({ overallScore: 80 })], nextCursor: null },
      },
    });
    open();
    expect(await screen.findByTestId('session-score')).toHaveTextContent(`80${I.overall}`);
    expect(screen.queryByTestId('score-trend')).toBeNull();
  });

  it('shows the stage and percent of sessions being analysed and says which failed', async () => {
    stubApi({
      '/sessions?limit=25': {
        status: 200,
        body: {
          items: [
            summary({
              id: 'a',
              analysis: { status: 'running', stage: 'scoring', percent: 64.2, error: null },
            }),
            summary({
              id: 'b',
              analysis: { status: 'failed', stage: 'decoding', percent: 5, error: 'No speech.' },
            }),
          ],
          nextCursor: null,
        },
      },
    });
    open();
    const [running, failed] = await screen.findAllByTestId('session-item');
    expect(running).toHaveTextContent(STAGE_LABEL.scoring);
    expect(running).toHaveTextContent('64%');
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(failed).toHaveTextContent('No speech.');
  });

  it('shows the empty text with a way to record a meeting', async () => {
    stubApi({ '/sessions?limit=25': { status: 200, body: { items: [], nextCursor: null } } });
    open();
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record Meeting' })).toHaveAttribute('href', '/coach/assistant');
  });

  it('says fetching failed and offers a retry', async () => {
    stubApi({ '/sessions?limit=25': { status: 500, body: {} } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.fetchFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
