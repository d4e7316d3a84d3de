import '@testing-library/jest-dom/vitest';
import { CANDIDATE_TEST_STATUS_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminPageHooks } from '../../../lib/admin-page-hooks.test-helper';
import {
  admin,
  CONTENT,
  candidate,
  challenge,
  DONE,
  meta,
  renderPage,
  stubAdminApi,
} from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { EnglishTestPage } from './english-test-page';

const people = [
  candidate({
    identityId: 'c2',
    name: 'Ivan Invited',
    email: 'ivan@example.com',
    recruitInfo: { challengesMeta: [meta({ id: 'h2', code: 'AAAA-2222' })] },
  }),
  candidate({
    identityId: 'c3',
    name: 'Dana Done',
    email: 'dana@example.com',
    recruitInfo: {
      challengesMeta: [meta({ id: 'h3', code: 'BBBB-3333', completedAt: DONE, resultCefr: 'B2' })],
    },
  }),
];

describe('English Test candidates on a phone', { timeout: 30_000 }, () => {
  adminPageHooks({ phone: true });

  it('shows each candidate as a card with status, test code and result, the top 5 after the list', async () => {
    stubAdminApi({
      'GET /admin/candidates': { status: 200, body: people },
      'GET /admin/challenges': { status: 200, body: [challenge({ id: 'h3', candidateId: 'c3' })] },
      'GET /admin/test-content': { status: 200, body: CONTENT },
    });
    renderPage('/dashboard/test', '/dashboard/test', <EnglishTestPage admin={admin({ testsLeft: 7 })} />);

    const cards = await screen.findAllByTestId('candidate-row');
    expect(cards.map((c) => c.dataset.email)).toEqual(['ivan@example.com', 'dana@example.com']);
    // No table whose right-hand columns would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const [ivan, dana] = cards;
    expect(within(ivan).getByText(RT_LABELS.columns.status)).toBeInTheDocument();
    expect(within(ivan).getByText(CANDIDATE_TEST_STATUS_LABELS.InviteSent)).toBeInTheDocument();
    expect(within(ivan).getByText(RT_LABELS.columns.code)).toBeInTheDocument();
    expect(within(ivan).getByText('AAAA-2222')).toBeInTheDocument();
    expect(within(dana).getByText(RECRUITMENT_TEXTS.codeUsed)).toBeInTheDocument();
    expect(within(dana).getByRole('link', { name: /B2/ })).toHaveAttribute(
      'href',
      '/dashboard/test/user/c3/h3',
    );

    // Choosing rows works as on a wide screen: one card, then all of them with the labelled box.
    fireEvent.click(within(ivan).getByRole('checkbox', { name: RT_LABELS.selectRow('Ivan Invited') }));
    expect(screen.getByText(RT_LABELS.selected(1))).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(RT_LABELS.selectAll));
    expect(screen.getByText(RT_LABELS.selected(2))).toBeInTheDocument();

    // The list comes first; the top challenging words and sounds follow it.
    const top = screen.getByTestId('top-challenging');
    expect(dana.compareDocumentPosition(top) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
