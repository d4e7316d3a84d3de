import '@testing-library/jest-dom/vitest';
import { QA_LIMITS, type QcItem } from '@agaton/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  type Call,
  detail,
  ITEM_ID,
  item,
  needsBullet,
  promiseBullet,
  Q_NEEDS,
  Q_PROMISE,
  Q_RECAP,
  renderAt,
  stubApi,
} from '../api/call-review-fixtures.test-helper';
import { CALL_REVIEW_TEXTS as T } from '../texts';
import { CallReviewDetail } from './call-review-detail';

const R = T.response;
const PATTERN = '/coach/call-reviews/:qcItemId';
const DETAIL = `GET /app-user/qa-items/${ITEM_ID}`;
const respondPath = (questionId: string) =>
  `PUT /app-user/qa-items/${ITEM_ID}/answers/${questionId}/response`;

const open = (id = ITEM_ID) =>
  renderAt(`/coach/call-reviews/${id}`, PATTERN, <CallReviewDetail qcItemId={id} />);

/** The answer card of a question, found by its question text (its accessible name). */
const answer = (questionText: string) => screen.getByRole('article', { name: questionText });

/** The item the server answers after a response: the answer's latest response replaced. */
function afterResponse(call: Call, questionId: string): QcItem {
  const body = call.body as { kind: 'ACKNOWLEDGE' | 'DISPUTE'; comment?: string | null };
  const base = item();
  return {
    ...base,
    bullets: base.bullets.map((b) =>
      b.questionId === questionId
        ? {
            ...b,
            review: {
              ...b.review,
              agentResponse: {
                kind: body.kind,
                comment: body.comment ?? null,
                agent: { kind: 'AGENT', id: 'u1', name: 'Casey Coach' },
                at: new Date(2026, 2, 16, 8, 0).toISOString(),
              },
              disputeOpen: body.kind === 'DISPUTE',
            },
          }
        : b,
    ),
  };
}

describe('call review detail', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('shows every answer worst first with its flag, citations, the reviewer’s override and the coach’s response, and the transcript below', async () => {
    stubApi({ [DETAIL]: { status: 200, body: detail() } });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer orders the Basic plan' }),
    ).toBeVisible();
    expect(screen.getByTestId('call-review-date')).toHaveTextContent('14 Mar 2026, 10:32');
    expect(screen.getByTestId('call-review-duration')).toHaveTextContent('00:01:15');
    expect(screen.getByRole('link', { name: T.detail.breadcrumb })).toHaveAttribute(
      'href',
      '/coach/call-reviews',
    );

    const cards = screen.getAllByTestId('review-answer');
    expect(cards.map((c) => c.getAttribute('data-flag'))).toEqual(['RED', 'YELLOW', 'GREEN']);

    const needs = answer("Did the agent ask about the customer's needs?");
    expect(within(needs).getByTestId('review-answer-value')).toHaveTextContent('No');
    expect(needs).toHaveTextContent(T.answer.noCitation);
    expect(needs).toHaveTextContent(R.none);

    const promise = answer('Did the agent promise a result they cannot guarantee?');
    const override = within(promise).getByTestId('review-override');
    expect(override).toHaveTextContent('Alex Admin, 15 Mar 2026, 09:05');
    expect(override).toHaveTextContent(T.answer.overrideChanged('No', 'Yes'));
    expect(override).toHaveTextContent('The agent said the setup "will definitely" take a day.');
    const latest = within(promise).getByTestId('response-latest');
    expect(latest).toHaveTextContent(R.kinds.DISPUTE);
    expect(latest).toHaveTextContent('15 Mar 2026, 11:00');
    expect(latest).toHaveTextContent('I said it usually takes a day.');
    expect(within(promise).getByTestId('dispute-state')).toHaveTextContent(R.disputeOpen);

    const recap = answer('Did the agent recap the next steps?');
    const citation = within(recap).getByRole('button', {
      name: (name) => name.startsWith(T.answer.showInTranscript('0:12 – 0:17')),
    });
    expect(citation).toHaveTextContent('To recap, your Basic plan starts today.');

    // The transcript below, the recogniser's unsure word marked as everywhere else.
    const lines = screen.getAllByTestId('qa-transcript-line');
    expect(lines).toHaveLength(3);
    expect(lines[1].querySelector('[data-unsure]')).toHaveTextContent('plan');
    fireEvent.click(citation);
    expect(citation).toHaveAttribute('aria-pressed', 'true');
    expect(lines[2]).toHaveAttribute('data-highlighted', 'true');
  });

  it('acknowledges an answer with an optional comment and shows it as the latest response', async () => {
    const calls = stubApi({
      [DETAIL]: { status: 200, body: detail() },
      [respondPath(Q_RECAP)]: (call) => ({ status: 200, body: afterResponse(call, Q_RECAP) }),
    });
    open();
    await screen.findByRole('heading', { level: 1 });
    const recap = answer('Did the agent recap the next steps?');
    fireEvent.click(within(recap).getByRole('button', { name: R.acknowledge }));
    // No comment needed: send at once.
    fireEvent.click(within(recap).getByRole('button', { name: R.send.ACKNOWLEDGE }));
    expect(await within(recap).findByRole('status')).toHaveTextContent(R.saved.ACKNOWLEDGE);
    expect(within(recap).getByTestId('response-latest')).toHaveTextContent(R.kinds.ACKNOWLEDGE);
    expect(within(recap).queryByTestId('dispute-state')).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/app-user/qa-items/${ITEM_ID}/answers/${Q_RECAP}/response`);
    expect(put?.body).toEqual({ kind: 'ACKNOWLEDGE', comment: null });

    // Changing it: an acknowledgement with a comment, trimmed.
    fireEvent.click(within(recap).getByRole('button', { name: R.acknowledge }));
    fireEvent.change(within(recap).getByLabelText(R.commentOptional), {
      target: { value: '  Fair point.  ' },
    });
    fireEvent.click(within(recap).getByRole('button', { name: R.send.ACKNOWLEDGE }));
    expect(await within(recap).findByText('“Fair point.”')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      kind: 'ACKNOWLEDGE',
      comment: 'Fair point.',
    });
  });

  it('refuses a dispute without a comment and sends one with it', async () => {
    const calls = stubApi({
      [DETAIL]: { status: 200, body: detail() },
      [respondPath(Q_NEEDS)]: (call) => ({ status: 200, body: afterResponse(call, Q_NEEDS) }),
    });
    open();
    await screen.findByRole('heading', { level: 1 });
    const needs = answer("Did the agent ask about the customer's needs?");
    fireEvent.click(within(needs).getByRole('button', { name: R.dispute }));
    const box = within(needs).getByLabelText(new RegExp(R.commentRequired.replace('?', '\\?')));
    expect(box).toHaveAttribute('maxlength', String(QA_LIMITS.maxAgentCommentChars));
    fireEvent.click(within(needs).getByRole('button', { name: R.send.DISPUTE }));
    expect(within(needs).getByText(R.commentNeeded)).toBeInTheDocument();
    // Spaces only are no comment either.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(needs).getByRole('button', { name: R.send.DISPUTE }));
    expect(within(needs).getByText(R.commentNeeded)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(box, { target: { value: 'I asked how many people would log in.' } });
    expect(
      within(needs).getByText(R.count('I asked how many people would log in.'.length)),
    ).toBeInTheDocument();
    fireEvent.click(within(needs).getByRole('button', { name: R.send.DISPUTE }));
    expect(await within(needs).findByRole('status')).toHaveTextContent(R.saved.DISPUTE);
    expect(within(needs).getByTestId('response-latest')).toHaveTextContent(
      'I asked how many people would log in.',
    );
    expect(within(needs).getByTestId('dispute-state')).toHaveTextContent(R.disputeOpen);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'DISPUTE',
      comment: 'I asked how many people would log in.',
    });
  });

  it('changing a dispute starts from its comment; cancelling keeps the response', async () => {
    stubApi({
      [DETAIL]: {
        status: 200,
        body: detail({ ...item({ bullets: [needsBullet(), promiseBullet()] }), call: detail().call }),
      },
    });
    open();
    await screen.findByRole('heading', { level: 1 });
    const promise = answer('Did the agent promise a result they cannot guarantee?');
    fireEvent.click(within(promise).getByRole('button', { name: R.dispute }));
    expect(within(promise).getByRole('textbox')).toHaveValue('I said it usually takes a day.');
    fireEvent.click(within(promise).getByRole('button', { name: R.cancel }));
    expect(within(promise).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(promise).getByTestId('response-latest')).toHaveTextContent(R.kinds.DISPUTE);
  });

  it('says when a response was not saved and keeps the comment', async () => {
    stubApi({
      [DETAIL]: { status: 200, body: detail() },
      [respondPath(Q_PROMISE)]: { status: 500, body: {} },
    });
    open();
    await screen.findByRole('heading', { level: 1 });
    const promise = answer('Did the agent promise a result they cannot guarantee?');
    fireEvent.click(within(promise).getByRole('button', { name: R.acknowledge }));
    fireEvent.change(within(promise).getByRole('textbox'), { target: { value: 'OK then.' } });
    fireEvent.click(within(promise).getByRole('button', { name: R.send.ACKNOWLEDGE }));
    expect(
      await within(promise).findByText('Server error. Please try again or contact support.'),
    ).toBeInTheDocument();
    expect(within(promise).getByRole('textbox')).toHaveValue('OK then.');
    expect(within(promise).getByTestId('response-latest')).toHaveTextContent(R.kinds.DISPUTE);
  });

  it('says a call that is not the coach’s is not found, with a way back and no retry', async () => {
    stubApi({ [DETAIL]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.detail.notFound);
    expect(screen.getByText(T.detail.notFoundAdvice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.detail.back })).toHaveAttribute('href', '/coach/call-reviews');
    expect(screen.queryByRole('button', { name: T.retry })).not.toBeInTheDocument();
  });

  it('says loading failed and loads again on Retry', async () => {
    let fail = true;
    stubApi({ [DETAIL]: () => (fail ? { status: 503, body: {} } : { status: 200, body: detail() }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.loadFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer orders the Basic plan' }),
    ).toBeVisible();
  });
});
