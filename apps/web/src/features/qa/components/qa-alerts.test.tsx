import '@testing-library/jest-dom/vitest';
import { QA_TEXTS } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { adminPageHooks } from '../../../lib/admin-page-hooks.test-helper';
import {
  admin,
  bullet,
  type Call,
  detail,
  item,
  ORG_ID,
  renderQa,
  responded,
  stubQaApi,
} from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { QaAlerts } from './qa-alerts';

const members = { status: 200, body: { members: [], totalPages: 0, totalMembersMissingInfo: 0 } };
const list = (items = [item()], total = items.length) => ({
  status: 200,
  body: { items, totalItemCount: total },
});
const itemCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/qa/items');

function render() {
  return renderQa('/dashboard/assistant', '/dashboard/assistant', <QaAlerts admin={admin()} scorecardsTab />);
}

describe('QA Alerts (spec 3 §2.4)', { timeout: 30_000 }, () => {
  adminPageHooks();

  it('lists the items newest first, 10 a page, with their flag and counts', async () => {
    const calls = stubQaApi({
      'GET /qa/items': list(
        [
          item(),
          item({
            qcItemId: 'other',
            flagLevel: 'GREEN',
            fields: { callTitle: 'Renewal', agentName: 'Riley Rep', redCount: 0, yellowCount: 0 },
          }),
        ],
        23,
      ),
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
    });
    render();
    const rows = await screen.findAllByTestId('qa-alert-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Invoice complaint')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Red')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('red-count')).toHaveTextContent('1');
    expect(within(rows[1]).getByText('Green')).toBeInTheDocument();
    expect(screen.getByTestId('qa-total')).toHaveTextContent(L.alerts.total(23));
    const first = itemCalls(calls)[0].query;
    expect([first.get('sort'), first.get('order'), first.get('limit'), first.get('offset')]).toEqual([
      'timestamp',
      'desc',
      '10',
      '0',
    ]);
    // The last 30 days, ending 23:59:59 today.
    const to = new Date(Number(first.get('toTime')) * 1000);
    expect([to.getHours(), to.getMinutes(), to.getSeconds()]).toEqual([23, 59, 59]);
  });

  it('sorts by flag, worst first, when the Flag header is clicked', async () => {
    const calls = stubQaApi({ 'GET /qa/items': list(), [`POST /astridorg/${ORG_ID}/members/list`]: members });
    render();
    await screen.findAllByTestId('qa-alert-row');
    await userEvent.click(screen.getByRole('button', { name: L.alerts.columns.flag }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.query.get('sort')).toBe('flagLevel'));
    expect(itemCalls(calls).at(-1)?.query.get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: L.alerts.columns.flag })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('flips the reviewed toggle at once and back with the spec text when saving fails', async () => {
    const reviews: unknown[] = [];
    stubQaApi({
      'GET /qa/items': list(),
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
      [`PUT /qa/items/${item().qcItemId}/review`]: (call) => {
        reviews.push(call.body);
        return { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } };
      },
    });
    render();
    const toggle = await screen.findByRole('switch', { name: L.alerts.markReviewed('Invoice complaint') });
    await userEvent.click(toggle);
    expect(await screen.findByText(QA_TEXTS.reviewFailed)).toBeInTheDocument();
    expect(reviews).toEqual([{ isReviewed: true }]);
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('filters by open disputes and marks the rows that have one', async () => {
    const disputed = item({
      qcItemId: 'disputed',
      fields: { callTitle: 'Basic plan order', agentName: 'Casey Coach', redCount: 0, yellowCount: 1 },
      bullets: [responded(bullet(), 'DISPUTE', 'I did ask about their needs.')],
    });
    const calls = stubQaApi({
      'GET /qa/items': (call) =>
        call.query.get('hasOpenDispute') === 'true' ? list([disputed]) : list([item(), disputed]),
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
    });
    render();
    const rows = await screen.findAllByTestId('qa-alert-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).queryByTestId('qa-dispute-badge')).toBeNull();
    expect(within(rows[1]).getByTestId('qa-dispute-badge')).toHaveTextContent(L.alerts.disputed);
    expect(itemCalls(calls)[0].query.has('hasOpenDispute')).toBe(false);

    const filter = screen.getByText(L.filters.disputes).closest('.mantine-InputWrapper-root') as HTMLElement;
    await userEvent.click(within(filter).getByRole('radio', { name: L.filters.disputeOptions.open }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.query.get('hasOpenDispute')).toBe('true'));
    await waitFor(() => expect(screen.getAllByTestId('qa-alert-row')).toHaveLength(1));
    expect(screen.getByTestId('qa-alert-row')).toHaveTextContent('Basic plan order');

    await userEvent.click(within(filter).getByRole('radio', { name: L.filters.disputeOptions.all }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.query.has('hasOpenDispute')).toBe(false));
  });

  it('says the data could not load, and Retry loads it', async () => {
    let fail = true;
    stubQaApi({
      'GET /qa/items': () => (fail ? { status: 500, body: {} } : list()),
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
    });
    render();
    expect(await screen.findByText(QA_TEXTS.couldNotLoad)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QA_TEXTS.retry }));
    expect(await screen.findByTestId('qa-alert-row')).toBeInTheDocument();
  });

  it('tells an empty list what to do: upload a call or build a scorecard', async () => {
    stubQaApi({ 'GET /qa/items': list([]), [`POST /astridorg/${ORG_ID}/members/list`]: members });
    render();
    const empty = await screen.findByTestId('qa-alerts-empty');
    expect(within(empty).getByRole('button', { name: L.upload.button })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: L.dashboard.toScorecards })).toHaveAttribute(
      'href',
      '/dashboard/assistant?tab=scorecards',
    );
  });

  it('lists calls being analysed and failed ones from the server, with the reason, Retry and Remove', async () => {
    const analysing = {
      ...detail().call,
      callId: 'c-running',
      title: 'Renewal call',
      status: 'running',
      qcItemId: null,
      transcript: undefined,
    };
    const failed = {
      ...analysing,
      callId: 'c-failed',
      title: 'Silent line',
      status: 'failed',
      error: 'We could not find speech we can transcribe in this recording.',
    };
    const calls = stubQaApi({
      'GET /qa/items': list(),
      'GET /qa/calls': { status: 200, body: { calls: [analysing, failed] } },
      'POST /qa/calls/c-failed/retry': { status: 202, body: { callId: 'c-failed', status: 'queued' } },
      'DELETE /qa/calls/c-failed': { status: 204 },
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
    });
    render();
    const rows = await screen.findAllByTestId('pending-call');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['processing', 'failed']);
    expect(rows[0]).toHaveTextContent(L.upload.processing);
    expect(rows[1]).toHaveTextContent(failed.error);
    await userEvent.click(within(rows[1]).getByRole('button', { name: L.upload.retryLabel('Silent line') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/qa/calls/c-failed/retry')).toBe(true),
    );
    await userEvent.click(within(rows[1]).getByRole('button', { name: L.upload.removeLabel('Silent line') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/qa/calls/c-failed')).toBe(true),
    );
    // What the list shows is the server's: a new page (a reload) shows the same calls.
    cleanup();
    render();
    expect(await screen.findAllByTestId('pending-call')).toHaveLength(2);
  });

  it('puts a call in the table once it is analysed, even one never seen analysing', async () => {
    const running = { ...detail().call, callId: 'c-running', status: 'running', qcItemId: null };
    // Analysed between two polls: the list goes from not having it to having it ready.
    const fast = { ...detail().call, callId: 'c-fast', title: 'Quick transcript', status: 'done' };
    let polls = 0;
    const calls = stubQaApi({
      'GET /qa/items': list(),
      'GET /qa/calls': () => ({
        status: 200,
        body: { calls: polls++ === 0 ? [running] : [running, fast] },
      }),
      [`POST /astridorg/${ORG_ID}/members/list`]: members,
    });
    render();
    await screen.findAllByTestId('pending-call');
    await waitFor(() => expect(itemCalls(calls).length).toBeGreaterThan(0));
    const before = itemCalls(calls).length;
    await waitFor(() => expect(screen.getAllByTestId('pending-call')).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(itemCalls(calls).length).toBeGreaterThan(before));
  });
});

describe('QA Alerts on a phone', { timeout: 30_000 }, () => {
  adminPageHooks({ phone: true });

  it('shows each item as a card headed by its call, sorted from a list, a tap opening its report', async () => {
    const calls = stubQaApi({ 'GET /qa/items': list(), [`POST /astridorg/${ORG_ID}/members/list`]: members });
    const router = render();
    const [card] = await screen.findAllByTestId('qa-alert-row');
    // No table whose right-hand columns would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: L.alerts.open('Invoice complaint') })).toBeInTheDocument();
    expect(within(card).getByText(L.alerts.columns.agent)).toBeInTheDocument();
    expect(within(card).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(card).getByTestId('red-count')).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('combobox', { name: L.alerts.sortBy }));
    await userEvent.click(
      await screen.findByRole('option', { name: L.alerts.sorts['user:asc'], hidden: true }),
    );
    await waitFor(() => expect(itemCalls(calls).at(-1)?.query.get('sort')).toBe('user'));
    expect(itemCalls(calls).at(-1)?.query.get('order')).toBe('asc');

    // The reviewed toggle marks the item without leaving; a tap elsewhere on the card opens the report.
    const [sorted] = await screen.findAllByTestId('qa-alert-row');
    await userEvent.click(within(sorted).getByRole('switch'));
    expect(router.state.location.pathname).toBe('/dashboard/assistant');
    await userEvent.click(within(sorted).getByText('Sam Seller'));
    expect(router.state.location.pathname).toBe(paths.dashboardAssistantQaReport.href(item().qcItemId));
  });
});
