import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { bullet, item, renderAt, stubApi } from '../api/call-review-fixtures.test-helper';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { CallReviewsList } from './call-reviews-list';

const open = () => renderAt('/coach/call-reviews', '/coach/call-reviews', <CallReviewsList />);
const LIST = 'GET /app-user/qa-items';

describe('call reviews list', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('lists the coach’s reviewed calls with title, date, flag and what needs their attention', async () => {
    const calls = stubApi({
      [LIST]: {
        status: 200,
        body: {
          items: [
            item(),
            item({
              qcItemId: '9c000000-0000-4000-8000-000000000002',
              flagLevel: 'GREEN',
              fields: { callTitle: 'Renewal, no questions' },
              bullets: [bullet()],
            }),
          ],
          totalItemCount: 2,
        },
      },
    });
    open();
    const [first, second] = await screen.findAllByTestId('call-review-item');
    expect(first).toHaveTextContent('Customer orders the Basic plan');
    expect(first).toHaveTextContent('14 Mar 2026, 10:32');
    expect(first).toHaveAttribute('href', '/coach/call-reviews/9c000000-0000-4000-8000-000000000001');
    expect(within(first).getByText(T.flags.RED).closest('[data-flag]')).toHaveAttribute('data-flag', 'RED');
    expect(first).toHaveTextContent(T.list.red(1));
    expect(first).toHaveTextContent(T.list.yellow(1));
    expect(first).toHaveTextContent(T.list.disputed(1));
    // The red answer has no response yet; the yellow one is disputed.
    expect(first).toHaveTextContent(T.list.toRespond(1));
    expect(second).toHaveTextContent(T.list.allClear);
    expect(screen.getByTestId('call-reviews-total')).toHaveTextContent(T.list.total(2));
    expect(calls[0].query.get('offset')).toBe('0');
    expect(screen.queryByRole('button', { name: T.loadMore })).not.toBeInTheDocument();
  });

  it('loads more by offset while the total says there are more', async () => {
    const calls = stubApi({
      [LIST]: (call) =>
        call.query.get('offset') === '0'
          ? { status: 200, body: { items: [item()], totalItemCount: 2 } }
          : {
              status: 200,
              body: {
                items: [item({ qcItemId: 'x2', fields: { callTitle: 'Older call' } })],
                totalItemCount: 2,
              },
            },
    });
    open();
    await screen.findByTestId('call-review-item');
    fireEvent.click(screen.getByRole('button', { name: T.loadMore }));
    expect(await screen.findByText('Older call')).toBeInTheDocument();
    expect(calls.map((c) => c.query.get('offset'))).toEqual(['0', '1']);
    expect(screen.queryByRole('button', { name: T.loadMore })).not.toBeInTheDocument();
  });

  it('says there are no reviewed calls yet', async () => {
    stubApi({ [LIST]: { status: 200, body: { items: [], totalItemCount: 0 } } });
    open();
    expect(await screen.findByText(T.list.empty)).toBeInTheDocument();
    expect(screen.getByText(T.list.emptyHint)).toBeInTheDocument();
  });

  it('says loading failed and loads again on Retry', async () => {
    let fail = true;
    stubApi({
      [LIST]: () =>
        fail ? { status: 500, body: {} } : { status: 200, body: { items: [item()], totalItemCount: 1 } },
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.loadFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByTestId('call-review-item')).toBeInTheDocument();
  });
});
