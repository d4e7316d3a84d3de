import '@testing-library/jest-dom/vitest';
import { QA_TEXTS } from '@agaton/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { detail, ITEM_ID, renderQa, stubQaApi } from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { QaReportPage } from './qa-report-page';

const PATTERN = '/dashboard/assistant/qa-report/:id';
function render(id = ITEM_ID) {
  return renderQa(`/dashboard/assistant/qa-report/${id}`, PATTERN, <QaReportPage reportEntityId={id} />);
}

describe('QA report (spec 3 §2.2)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims();
    // jsdom has no media playback; the page only asks the player to play.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('shows the call, its answers worst first, and a citation marks its line and seeks the player', async () => {
    stubQaApi({ [`GET /qa/items/${ITEM_ID}`]: { status: 200, body: detail() } });
    render();
    expect(await screen.findByRole('heading', { name: 'Invoice complaint' })).toBeInTheDocument();
    expect(screen.getByTestId(`qa-fact-${L.report.agent.toLowerCase()}`)).toHaveTextContent('Sam Seller');
    const answers = screen.getAllByTestId('qa-answer');
    expect(answers.map((a) => a.getAttribute('data-flag'))).toEqual(['RED', 'GREEN']);
    expect(answers[1]).toHaveTextContent(`${QA_TEXTS.explanation}: The call ends with what happens next.`);
    expect(answers[1]).toHaveTextContent('92%');

    const lines = screen.getAllByTestId('qa-transcript-line');
    expect(lines).toHaveLength(3);
    expect(lines.filter((l) => l.hasAttribute('data-highlighted'))).toHaveLength(0);
    await userEvent.click(
      within(answers[1]).getByRole('button', {
        name: (name) => name.startsWith(L.report.playFrom('0:12 – 0:17')),
      }),
    );
    expect(
      lines.filter((l) => l.hasAttribute('data-highlighted')).map((l) => l.getAttribute('data-line')),
    ).toEqual(['2']);
    const player = screen.getByTestId('qa-player') as HTMLAudioElement;
    expect(player.currentTime).toBeCloseTo(12.7);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('says an unknown item was not found, with the way back to QA Alerts and no retry', async () => {
    stubQaApi({});
    render();
    const error = await screen.findByTestId('qa-report-error');
    expect(error).toHaveTextContent(L.report.notFound);
    expect(within(error).getByRole('link', { name: L.report.back })).toHaveAttribute(
      'href',
      '/dashboard/assistant?tab=qa-alerts',
    );
    expect(within(error).queryByRole('button', { name: QA_TEXTS.tryAgain })).toBeNull();
  });

  it("shows 'Failed to load data' with Try again, which loads the report", async () => {
    let fail = true;
    stubQaApi({
      [`GET /qa/items/${ITEM_ID}`]: () =>
        fail ? { status: 503, body: {} } : { status: 200, body: detail() },
    });
    render();
    expect(await screen.findByText(QA_TEXTS.failedToLoad)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QA_TEXTS.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Invoice complaint' })).toBeInTheDocument();
  });
});
