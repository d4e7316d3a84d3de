import '@testing-library/jest-dom/vitest';
import { CANDIDATE_TEST_STATUS_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../components/ui/format';
import { beside } from '../../../components/ui/responsive-table.test-helper';
import { adminPageHooks } from '../../../lib/admin-page-hooks.test-helper';
import {
  CANDIDATE_ID,
  candidate,
  DONE,
  meta,
  renderPage,
  stubAdminApi,
} from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { CandidatePage } from './candidate-page';

const OLD_SENT = '2026-11-01T09:00:00.000Z';
const NEW_SENT = '2026-11-22T09:00:00.000Z';

describe('candidate page on a phone', { timeout: 30_000 }, () => {
  adminPageHooks({ phone: true });

  it('shows each test as a card headed by when it was sent, and a completed one opens its report', async () => {
    const tests = [
      meta({ id: 'old', createTime: OLD_SENT, completedAt: DONE, resultCefr: 'B1', code: 'OLD1-CODE' }),
      meta({ id: 'new', createTime: NEW_SENT, code: 'NEW2-CODE' }),
    ];
    stubAdminApi({
      'GET /admin/candidates': { status: 200, body: [candidate({ recruitInfo: { challengesMeta: tests } })] },
    });
    const router = renderPage(`/u/${CANDIDATE_ID}`, '/u/:id', <CandidatePage userId={CANDIDATE_ID} />);
    expect(await screen.findByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    // No table whose right-hand columns (CEFR, the report link) would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const [fresh, done] = screen.getAllByTestId('candidate-test');
    expect(within(fresh).getByText(`${RT_LABELS.sentAt} ${formatDateTime(NEW_SENT)}`)).toBeInTheDocument();
    expect(beside(fresh, RT_LABELS.columns.code)).toHaveTextContent('NEW2-CODE');
    expect(within(fresh).getByRole('button', { name: RT_LABELS.copyCode('NEW2-CODE') })).toBeInTheDocument();
    expect(beside(fresh, RT_LABELS.columns.status)).toHaveTextContent(
      CANDIDATE_TEST_STATUS_LABELS.InviteSent,
    );
    expect(beside(fresh, RT_LABELS.completed)).toHaveTextContent('—');
    expect(beside(fresh, RT_LABELS.cefr)).toHaveTextContent('—');
    expect(within(fresh).queryByRole('link')).not.toBeInTheDocument();

    expect(within(done).getByText(`${RT_LABELS.sentAt} ${formatDateTime(OLD_SENT)}`)).toBeInTheDocument();
    expect(beside(done, RT_LABELS.columns.code)).toHaveTextContent(RECRUITMENT_TEXTS.codeUsed);
    expect(beside(done, RT_LABELS.columns.status)).toHaveTextContent(CANDIDATE_TEST_STATUS_LABELS.Done);
    expect(beside(done, RT_LABELS.completed)).toHaveTextContent(formatDate(DONE));
    expect(beside(done, RT_LABELS.cefr)).toHaveTextContent('B1');

    await userEvent.click(within(done).getByRole('link', { name: RT_LABELS.openReport }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/test/user/${CANDIDATE_ID}/old`),
    );
  });
});
