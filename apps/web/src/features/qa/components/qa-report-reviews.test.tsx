import '@testing-library/jest-dom/vitest';
import { QA_TEXTS, type QcBullet, type QcItemDetail } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../components/ui/format';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  bullet,
  detail,
  historyEvent,
  ITEM_ID,
  overridden,
  renderQa,
  responded,
  stubQaApi,
} from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { QaReportPage } from './qa-report-page';

const V = L.review;
const REFUND = 'Did the agent promise a refund?';
const RECAP = 'Did the agent recap the next steps?';
const ITEM = `/qa/items/${ITEM_ID}`;
const OVERRIDE = (questionId: string) => `${ITEM}/answers/${questionId}/override`;

/** The refund question: a promise is bad (expected No); the automation heard one (Yes, red, 62 %). */
const refund = (more: Partial<QcBullet> = {}) =>
  bullet({
    questionId: 'q0',
    questionText: REFUND,
    isTrueGood: false,
    answer: 'YES',
    flagLevel: 'RED',
    confidence: 0.62,
    sessionCitations: [],
    ...more,
  });
const recap = () => bullet();
const report = (bullets: QcBullet[], more: Partial<QcItemDetail> = {}) =>
  detail({ bullets, flagLevel: bullets.some((b) => b.flagLevel === 'RED') ? 'RED' : 'GREEN', ...more });
/** The item as the override routes answer it: no call, effective answers and flag. */
const asItem = (d: QcItemDetail) => {
  const { call: _call, ...rest } = d;
  return rest;
};

function render() {
  return renderQa(
    `/dashboard/assistant/qa-report/${ITEM_ID}`,
    '/dashboard/assistant/qa-report/:id',
    <QaReportPage reportEntityId={ITEM_ID} />,
  );
}
const card = (question: string) =>
  screen.getAllByTestId('qa-answer').find((c) => c.textContent?.includes(question)) as HTMLElement;
const headerFlag = () =>
  screen.getByRole('heading', { name: 'Invoice complaint' }).parentElement!.querySelector('[data-flag]');

describe('QA report: reviews, disputes and history (issue 27)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('overrides an answer with a required reason; the answer, its flag and the item’s flag follow the server', async () => {
    const before = report([refund(), recap()]);
    const after = report([
      overridden(refund(), 'NO', 'Billing decides refunds; the agent said so.'),
      recap(),
    ]);
    const calls = stubQaApi({
      [`GET ${ITEM}`]: { status: 200, body: before },
      [`PUT ${OVERRIDE('q0')}`]: { status: 200, body: asItem(after) },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    expect(headerFlag()).toHaveAttribute('data-flag', 'RED');
    await userEvent.click(within(card(REFUND)).getByRole('button', { name: V.overrideLabel(REFUND) }));

    const dialog = await screen.findByRole('dialog', { name: V.modal.overrideTitle });
    expect(dialog).toHaveTextContent(V.automatic('Yes', 62));
    // The other answer is offered first; the reason is required.
    expect(within(dialog).getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: V.modal.saveOverride }));
    expect(within(dialog).getByText(QA_TEXTS.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: V.modal.reason }),
      '  Billing decides refunds; the agent said so. ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: V.modal.saveOverride }));
    expect(await screen.findByText(V.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { answer: 'NO', reason: 'Billing decides refunds; the agent said so.' },
    ]);

    await waitFor(() => expect(card(REFUND)).toHaveAttribute('data-flag', 'GREEN'));
    expect(headerFlag()).toHaveAttribute('data-flag', 'GREEN');
    const answer = card(REFUND);
    expect(within(answer).getByTestId('qa-answer-value')).toHaveTextContent('No');
    expect(within(answer).getByTestId('qa-answer-override')).toHaveTextContent(
      `${V.overriddenBy('Morgan Manager', formatDateTime('2026-11-26T09:30:00.000Z'))}: Billing decides refunds; the agent said so.`,
    );
    expect(within(answer).getByTestId('qa-answer-override')).toHaveTextContent(V.automatic('Yes', 62));
    expect(within(answer).getByTestId('qa-review-badge')).toHaveTextContent(V.overridden);
    // The transcript stays: the route answers the item without its call.
    expect(screen.getAllByTestId('qa-transcript-line')).toHaveLength(3);
    expect(within(answer).getByRole('button', { name: V.removeLabel(REFUND) })).toBeInTheDocument();
  });

  it('says why an override failed and keeps the form open', async () => {
    stubQaApi({
      [`GET ${ITEM}`]: { status: 200, body: report([refund(), recap()]) },
      [`PUT ${OVERRIDE('q0')}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: QA_TEXTS.noSuchAnswer } },
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    await userEvent.click(within(card(REFUND)).getByRole('button', { name: V.overrideLabel(REFUND) }));
    const dialog = await screen.findByRole('dialog', { name: V.modal.overrideTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: V.modal.reason }), 'No promise made.');
    await userEvent.click(within(dialog).getByRole('button', { name: V.modal.saveOverride }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(QA_TEXTS.noSuchAnswer);
    expect(card(REFUND)).toHaveAttribute('data-flag', 'RED');
  });

  it('confirms the automatic answer: the same answer with a reason, shown as confirmed', async () => {
    const after = report([refund(), overridden(recap(), 'YES', 'The recap is at 0:12.')]);
    const calls = stubQaApi({
      [`GET ${ITEM}`]: { status: 200, body: report([refund(), recap()]) },
      [`PUT ${OVERRIDE('q1')}`]: { status: 200, body: asItem(after) },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    await userEvent.click(within(card(RECAP)).getByRole('button', { name: V.confirmLabel(RECAP) }));
    const dialog = await screen.findByRole('dialog', { name: V.modal.confirmTitle });
    expect(within(dialog).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(dialog).getByTestId('qa-confirms-automatic')).toHaveTextContent(V.modal.confirmsAutomatic);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: V.modal.reason }),
      'The recap is at 0:12.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: V.modal.saveConfirm }));
    expect(await screen.findByText(V.confirmedDone)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { answer: 'YES', reason: 'The recap is at 0:12.' },
    ]);
    await waitFor(() =>
      expect(within(card(RECAP)).getByTestId('qa-review-badge')).toHaveTextContent(V.confirmed),
    );
    expect(within(card(RECAP)).getByTestId('qa-answer-override')).toHaveTextContent(
      V.confirmedBy('Morgan Manager', formatDateTime('2026-11-26T09:30:00.000Z')),
    );
  });

  it('removes an override: the automatic answer and its flag count again', async () => {
    const calls = stubQaApi({
      [`GET ${ITEM}`]: {
        status: 200,
        body: report([overridden(refund(), 'NO', 'No promise.'), recap()]),
      },
      [`DELETE ${OVERRIDE('q0')}`]: { status: 200, body: asItem(report([refund(), recap()])) },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    expect(card(REFUND)).toHaveAttribute('data-flag', 'GREEN');
    await userEvent.click(within(card(REFUND)).getByRole('button', { name: V.removeLabel(REFUND) }));
    expect(await screen.findByText(V.removed)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === OVERRIDE('q0'))).toBe(true);
    await waitFor(() => expect(card(REFUND)).toHaveAttribute('data-flag', 'RED'));
    expect(within(card(REFUND)).queryByTestId('qa-answer-override')).toBeNull();
    expect(within(card(REFUND)).getByTestId('qa-answer-value')).toHaveTextContent('Yes');
    expect(headerFlag()).toHaveAttribute('data-flag', 'RED');
  });

  it('shows an open dispute with the agent’s comment and makes Override the next step', async () => {
    stubQaApi({
      [`GET ${ITEM}`]: {
        status: 200,
        body: report([refund(), responded(recap(), 'DISPUTE', 'I recapped at the end of the call.')]),
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    expect(screen.getByTestId('qa-report-disputes')).toHaveTextContent(L.report.openDisputes(1));
    const answer = card(RECAP);
    expect(within(answer).getByTestId('qa-dispute-badge')).toHaveTextContent(V.disputedBy('Casey Coach'));
    const response = within(answer).getByTestId('qa-agent-response');
    expect(response).toHaveAttribute('data-open', 'true');
    expect(response).toHaveTextContent(
      `${V.disputedBy('Casey Coach')} · ${formatDateTime('2026-11-25T15:00:00.000Z')}`,
    );
    expect(response).toHaveTextContent('“I recapped at the end of the call.”');
    expect(within(answer).getByTestId('qa-review-hint')).toHaveTextContent(V.disputeNext);
    expect(within(answer).getByRole('button', { name: V.overrideLabel(RECAP) })).toHaveAttribute(
      'data-variant',
      'filled',
    );
    // The undisputed answer keeps quiet buttons.
    expect(within(card(REFUND)).getByRole('button', { name: V.overrideLabel(REFUND) })).toHaveAttribute(
      'data-variant',
      'light',
    );
    // The form answering the dispute shows the agent's words.
    await userEvent.click(within(answer).getByRole('button', { name: V.overrideLabel(RECAP) }));
    const dialog = await screen.findByRole('dialog', { name: V.modal.overrideTitle });
    expect(dialog).toHaveTextContent(`${V.disputedBy('Casey Coach')}: “I recapped at the end of the call.”`);
  });

  it('shows a settled dispute and an acknowledgement without the open-dispute marks', async () => {
    const settled = overridden(
      responded(recap(), 'DISPUTE', 'I recapped.'),
      'YES',
      'Confirmed: the recap is there.',
    );
    stubQaApi({
      [`GET ${ITEM}`]: {
        status: 200,
        body: report([responded(refund(), 'ACKNOWLEDGE', null), settled]),
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    expect(screen.queryByTestId('qa-report-disputes')).toBeNull();
    expect(screen.queryByTestId('qa-dispute-badge')).toBeNull();
    expect(within(card(RECAP)).getByTestId('qa-agent-response')).toHaveTextContent(V.disputeSettled);
    expect(within(card(REFUND)).getByTestId('qa-agent-response')).toHaveTextContent(
      `${V.acknowledgedBy('Casey Coach')} · ${formatDateTime('2026-11-25T15:00:00.000Z')}`,
    );
  });

  it('makes Override the obvious next step on an answer that needs review', async () => {
    stubQaApi({
      [`GET ${ITEM}`]: {
        status: 200,
        body: report([refund({ needsReview: true }), recap()]),
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    const answer = card(REFUND);
    expect(within(answer).getByText(L.report.needsReview)).toBeInTheDocument();
    expect(within(answer).getByTestId('qa-review-hint')).toHaveTextContent(V.needsReviewNext);
    expect(within(answer).getByRole('button', { name: V.overrideLabel(REFUND) })).toHaveAttribute(
      'data-variant',
      'filled',
    );
  });

  it('lists the history newest first with who, when and what', async () => {
    stubQaApi({
      [`GET ${ITEM}`]: { status: 200, body: report([refund(), recap()]) },
      [`GET ${ITEM}/history`]: {
        status: 200,
        body: {
          events: [
            historyEvent({
              eventId: 'e1',
              kind: 'DISPUTE',
              answer: 'YES',
              actor: { kind: 'AGENT', id: 'c1', name: 'Casey Coach' },
              comment: 'I never promised it.',
              at: '2026-11-25T15:00:00.000Z',
            }),
            historyEvent({ eventId: 'e2' }),
            historyEvent({
              eventId: 'e3',
              kind: 'OVERRIDE_REMOVED',
              comment: null,
              actor: { kind: 'ADMIN', id: null, name: null },
              at: '2026-11-27T08:00:00.000Z',
            }),
          ],
        },
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    await userEvent.click(screen.getByRole('button', { name: L.history.open }));
    const drawer = await screen.findByRole('dialog', { name: L.history.title });
    const events = await within(drawer).findAllByTestId('qa-history-event');
    expect(events.map((e) => e.getAttribute('data-kind'))).toEqual([
      'OVERRIDE_REMOVED',
      'OVERRIDE',
      'DISPUTE',
    ]);
    expect(events[0]).toHaveTextContent(L.history.removed(V.formerReviewer, 'No', 'Yes'));
    expect(events[1]).toHaveTextContent(L.history.overrode('Morgan Manager', 'Yes', 'No'));
    expect(events[1]).toHaveTextContent(`${formatDateTime('2026-11-26T09:30:00.000Z')} · ${REFUND}`);
    expect(events[1]).toHaveTextContent('“The agent said billing decides.”');
    expect(events[2]).toHaveTextContent(L.history.disputed('Casey Coach', 'Yes'));
    expect(events[2]).toHaveTextContent('“I never promised it.”');
  });

  it('says when the history is empty, and offers Try again when it fails', async () => {
    let fail = true;
    stubQaApi({
      [`GET ${ITEM}`]: { status: 200, body: report([refund(), recap()]) },
      [`GET ${ITEM}/history`]: () =>
        fail ? { status: 503, body: {} } : { status: 200, body: { events: [] } },
    });
    render();
    await screen.findByRole('heading', { name: 'Invoice complaint' });
    await userEvent.click(screen.getByRole('button', { name: L.history.open }));
    const drawer = await screen.findByRole('dialog', { name: L.history.title });
    expect(await within(drawer).findByText(QA_TEXTS.failedToLoad)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(drawer).getByRole('button', { name: QA_TEXTS.tryAgain }));
    expect(await within(drawer).findByText(L.history.empty)).toBeInTheDocument();
  });
});
