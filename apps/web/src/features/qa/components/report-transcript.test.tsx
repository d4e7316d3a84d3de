import '@testing-library/jest-dom/vitest';
import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { bullet, detail, ITEM_ID, renderQa, stubQaApi } from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { QaReportPage } from './qa-report-page';

/** The fixture's call as the speech engine transcribed it, with `unsure` positions per line. */
function transcribed(unsure: number[][]) {
  const base = detail();
  return detail({
    call: {
      ...base.call,
      transcriptSource: 'ENGINE',
      transcript: base.call.transcript.map((line, i) =>
        unsure[i]?.length ? { ...line, unsure: unsure[i] } : line,
      ),
    },
  });
}

function render(body: ReturnType<typeof detail>) {
  stubQaApi({ [`GET /qa/items/${ITEM_ID}`]: { status: 200, body } });
  return renderQa(
    `/dashboard/assistant/qa-report/${ITEM_ID}`,
    '/dashboard/assistant/qa-report/:id',
    <QaReportPage reportEntityId={ITEM_ID} />,
  );
}

const unsureWords = () =>
  screen
    .queryAllByTestId('qa-transcript-line')
    .flatMap((line) => [...line.querySelectorAll('[data-unsure]')].map((w) => w.textContent));

describe('the QA report’s transcript of a recognised call (issue 26)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('marks the few words the recogniser was unsure of, and gives no note when it was sure of most', async () => {
    // "Thank you for calling, my name is Sam." — unsure of "calling," and "Sam."
    render(transcribed([[3, 7]]));
    expect(await screen.findByRole('heading', { name: 'Invoice complaint' })).toBeInTheDocument();
    expect(unsureWords()).toEqual(['calling,', 'Sam.']);
    expect(screen.getAllByTestId('qa-transcript-line')[0]).toHaveTextContent(
      'Thank you for calling, my name is Sam.',
    );
    expect(screen.getAllByTestId('qa-transcript-line')[0].querySelector('[data-unsure]')).toHaveAttribute(
      'title',
      TRANSCRIPT_TEXTS.unsureWord,
    );
    expect(screen.queryByTestId('approximate-transcript')).toBeNull();
    expect(screen.queryByText(TRANSCRIPT_TEXTS.approximate)).toBeNull();
    expect(screen.queryByTestId('qa-approximate-review')).toBeNull();
  });

  it('says a mostly unsure transcript is approximate, and why its answers need review', async () => {
    const body = transcribed([
      [0, 1, 2, 3, 4, 5, 6],
      [0, 1],
      [0, 1, 2, 3, 4, 5, 6],
    ]);
    body.bullets = [
      bullet({ questionId: 'q0', flagLevel: 'YELLOW', needsReview: true }),
      bullet({
        questionId: 'q1',
        questionText: 'Did the agent greet?',
        flagLevel: 'YELLOW',
        needsReview: true,
      }),
    ];
    render(body);
    expect(await screen.findByTestId('approximate-transcript')).toHaveTextContent(
      TRANSCRIPT_TEXTS.approximate,
    );
    expect(unsureWords()).toHaveLength(16);
    expect(screen.getByTestId('qa-approximate-review')).toHaveTextContent(L.report.approximateReview);
    expect(screen.getAllByText(L.report.needsReview)).toHaveLength(2);
  });

  it('an uploaded transcript has no marked words and no note', async () => {
    render(detail());
    expect(await screen.findByRole('heading', { name: 'Invoice complaint' })).toBeInTheDocument();
    expect(unsureWords()).toEqual([]);
    expect(screen.getAllByTestId('qa-transcript-line')[2]).toHaveTextContent(
      'To recap, the difference is credited on your next invoice.',
    );
    expect(screen.queryByTestId('approximate-transcript')).toBeNull();
  });
});
