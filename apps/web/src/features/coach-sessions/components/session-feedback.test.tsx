import '@testing-library/jest-dom/vitest';
import { sessionTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { profile, renderAt, stubApi } from '../api/session-fixtures.test-helper';
import { SESSION_INVENTED_TEXTS, STAGE_LABEL } from '../texts';
import { SessionFeedback } from './session-feedback';

const F = sessionTexts.feedback;
const open = () =>
  renderAt('/coach/sessions/s1', '/coach/sessions/:meetingId', <SessionFeedback meetingId="s1" />);
const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);

describe('session feedback', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('shows the date, the hh:mm:ss duration and the talk share under the heading', async () => {
    stubApi({ '/sessions/s1': { status: 200, body: profile() } });
    open();
    expect(await screen.findByTestId('feedback-meta')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: F.heading })).toBeInTheDocument();
    expect(screen.getByTestId('feedback-date')).toHaveTextContent('14 Mar 2026, 10:32');
    expect(screen.getByTestId('feedback-duration')).toHaveTextContent('00:12:34');
    expect(screen.getByTestId('feedback-spoke')).toHaveTextContent(F.spoke(42));
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/coach/sessions');
  });

  it('shows a tab per existing sub-profile, Overview always, and no talk share when absent', async () => {
    stubApi({
      '/sessions/s1': {
        status: 200,
        body: profile({
          speakingTimePercentage: null,
          subProfiles: { fluencyProfile: profile().subProfiles.fluencyProfile },
        }),
      },
    });
    open();
    await screen.findByTestId('feedback-meta');
    expect(tabNames()).toEqual(['Overview', 'Fluency']);
    expect(screen.queryByTestId('feedback-spoke')).not.toBeInTheDocument();
  });

  it('colours each score by the spec bands and opens a tab from the breakdown', async () => {
    stubApi({ '/sessions/s1': { status: 200, body: profile() } });
    open();
    expect(tabNames()).toEqual([]);
    await screen.findByTestId('breakdown');
    expect(tabNames()).toEqual(['Overview', 'Pronunciation', 'Fluency', 'Intelligibility']);
    const band = (id: string) => screen.getByTestId(id).closest('[data-band]')?.getAttribute('data-band');
    expect(band('breakdown-pronunciation')).toBe('warning');
    expect(band('breakdown-fluency')).toBe('positive');
    expect(band('breakdown-intelligibility')).toBe('negative');
    expect(screen.getByTestId('key-takeaways')).toHaveTextContent('Work on the th sound.');
    expect(screen.getAllByTestId('feedback-block')).toHaveLength(2);
    expect(screen.queryByTestId('recommended-articles')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^91 Fluency: open the Fluency tab/ }));
    expect(await screen.findByTestId('hesitations-value')).toHaveTextContent('1.3');
    expect(screen.getByTestId('rate-value')).toHaveTextContent('132 wpm');
    expect(screen.getByTestId('rate-reference')).toHaveTextContent(F.speakingRateReference);
  });

  it('shows the transcript sample once, as a quote, when the analysis wrote it as a block', async () => {
    const blocks = [...profile().blocks, { header: 'Transcript sample', content: ['On Thursday we…'] }];
    stubApi({ '/sessions/s1': { status: 200, body: profile({ blocks, words: [] }) } });
    open();
    expect(await screen.findByTestId('transcript-sample')).toHaveTextContent('On Thursday we…');
    expect(screen.getAllByTestId('transcript-sample')).toHaveLength(1);
    expect(screen.getAllByTestId('feedback-block')).toHaveLength(2);
  });

  it('writes the transcript sample from the timed words, unsure words marked', async () => {
    const blocks = [...profile().blocks, { header: 'Transcript sample', content: ['On Thursday we…'] }];
    const words = profile().words.map((w, i) => (i === 1 ? { ...w, score: null, uncertain: true } : w));
    stubApi({ '/sessions/s1': { status: 200, body: profile({ blocks, words }) } });
    open();
    const sample = await screen.findByTestId('transcript-sample');
    expect(sample).toHaveTextContent('On Thursday we shipped the release');
    expect([...sample.querySelectorAll('[data-unsure]')].map((e) => e.textContent)).toEqual(['Thursday']);
  });

  it('links the recommended learning articles', async () => {
    const recommendedArticles = [{ slug: 'the-th-sounds', title: 'The th sounds' }];
    stubApi({ '/sessions/s1': { status: 200, body: profile({ recommendedArticles }) } });
    open();
    const links = await screen.findByTestId('recommended-articles');
    expect(within(links).getByRole('link', { name: /The th sounds/ })).toHaveAttribute(
      'href',
      '/coach/learning/the-th-sounds',
    );
  });

  it('lists challenging words with their sounds and plays one from the recording', async () => {
    stubApi({ '/sessions/s1': { status: 200, body: profile() } });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Pronunciation' }));
    const table = await screen.findByTestId('challenging-words-table');
    expect(within(table).getByText('/θ/')).toBeInTheDocument();
    expect(screen.getByTestId('most-challenging-phoneme')).toHaveTextContent(
      'Put your tongue between your teeth.',
    );
    fireEvent.click(within(table).getByRole('button', { name: SESSION_INVENTED_TEXTS.jumpTo('Thursday') }));
    const audio = document.querySelector('audio')!;
    expect(audio.currentTime).toBe(0.5);
    expect(play).toHaveBeenCalled();
  });

  it('shows the analysis progress and refreshes until the feedback is ready', async () => {
    let calls = 0;
    stubApi({
      '/sessions/s1': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 200,
              body: profile({
                analysis: { status: 'running', stage: 'transcribing', percent: 37.6, error: null },
                subProfiles: {},
                recordingUrl: null,
              }),
            }
          : { status: 200, body: profile() };
      },
    });
    open();
    const progress = await screen.findByTestId('feedback-progress');
    expect(progress).toHaveTextContent(STAGE_LABEL.transcribing);
    expect(progress).toHaveTextContent('38%');
    expect(await screen.findByTestId('breakdown', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('says a failed analysis failed, with its reason', async () => {
    stubApi({
      '/sessions/s1': {
        status: 200,
        body: profile({
          analysis: { status: 'failed', stage: 'decoding', percent: 10, error: 'The file has no audio.' },
          subProfiles: {},
        }),
      },
    });
    open();
    expect(await screen.findByTestId('feedback-failed')).toHaveTextContent('The file has no audio.');
  });

  it("says it can't load the session, with advice and a way back", async () => {
    stubApi({ '/sessions/s1': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(F.loadFailed);
    expect(screen.getByText(SESSION_INVENTED_TEXTS.loadFailedAdvice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SESSION_INVENTED_TEXTS.backToSessions })).toHaveAttribute(
      'href',
      '/coach/sessions',
    );
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
