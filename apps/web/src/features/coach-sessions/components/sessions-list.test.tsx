import '@testing-library/jest-dom/vitest';
import { sessionTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { renderAt, stubApi, summary } from '../api/session-fixtures.test-helper';
import { STAGE_LABEL } from '../texts';
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
