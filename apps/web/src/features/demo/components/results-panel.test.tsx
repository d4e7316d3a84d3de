import '@testing-library/jest-dom/vitest';
import { CHALLENGING_AT_OR_BELOW, NOT_THE_TEXT, TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  freeSpeechResponse,
  notTheTextResponse,
  phraseResponse,
  uncertainFreeSpeechResponse,
} from '../api/score-fixture.test-helper';
import { DEMO_INVENTED_TEXTS } from '../texts';
import { toScoreView } from '../utils/score-view';
import { ResultsPanel } from './results-panel';

const renderPanel = (response: ReturnType<typeof freeSpeechResponse>) =>
  render(
    <MantineProvider>
      <ResultsPanel
        view={toScoreView(response)}
        wordsTitle="Transcript of your answer"
        transcript={response.transcript}
      />
    </MantineProvider>,
  );

describe('reading results: a recording of something else', { timeout: 30_000 }, () => {
  beforeEach(() => installDomShims());
  afterEach(cleanup);

  it('says it does not sound like the sentence shown and names no word or sound to practise', () => {
    const view = toScoreView(notTheTextResponse());
    render(
      <MantineProvider>
        <ResultsPanel view={view} wordsTitle="Your reading" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('answer-issue')).toHaveTextContent(NOT_THE_TEXT);
    expect(view.challengingWords).toEqual([]);
    expect(view.weakSounds).toEqual([]);
    expect(view.tips).toEqual([]);
    // No sounds, pauses, pace or intelligibility for a reading of another text.
    expect(screen.queryByText('Weakest sounds')).not.toBeInTheDocument();
    expect(screen.queryByTestId('intelligibility')).not.toBeInTheDocument();
  });

  it('keeps the weak words of a reading of the text to practise, with no warning', () => {
    const view = toScoreView(phraseResponse(72));
    expect(view.answerIssue).toBe(false);
    expect(view.notTheText).toBe(false);
    expect(view.challengingWords.map((w) => w.word)).toEqual(['think']);
  });
});

describe('weakest sounds: only the challenging ones', { timeout: 30_000 }, () => {
  beforeEach(() => installDomShims());
  afterEach(cleanup);

  it('lists only sounds at or below the challenging threshold, lowest first', () => {
    // /w/ 96 and /iː/ 94 scored well: not among the weakest.
    const view = toScoreView(phraseResponse(72));
    expect(view.weakSounds.map((s) => `${s.label} ${s.score}`)).toEqual(['/θ/ 22', '/ɪ/ 70']);
    renderPanel(freeSpeechResponse(81));
    expect(screen.getByText('/θ/ 22')).toBeInTheDocument();
    expect(screen.queryByText('/w/ 96')).not.toBeInTheDocument();
  });

  it('says no sound scored at or below the threshold when none did', () => {
    const response = freeSpeechResponse(95);
    response.word_scores = response.word_scores.filter((w) => w.word === 'We');
    renderPanel(response);
    expect(
      screen.getByText(`No sound scored ${CHALLENGING_AT_OR_BELOW} or below: none stands out to practise.`),
    ).toBeInTheDocument();
    expect(screen.queryByText('/w/ 96')).not.toBeInTheDocument();
  });
});

describe('free-speech results: honest about what was heard', { timeout: 30_000 }, () => {
  beforeEach(() => installDomShims());
  afterEach(cleanup);

  it('greys the words the recogniser was unsure of, without a score, and says how much was scored', () => {
    renderPanel(uncertainFreeSpeechResponse());
    const transcript = screen.getByTestId('transcript');
    const uncertain = transcript.querySelectorAll('[data-uncertain]');
    expect([...uncertain].map((e) => e.textContent)).toEqual(['banana', 'f***', 'elephant']);
    for (const e of uncertain) {
      expect(e).toHaveAttribute('data-band', 'uncertain');
      expect(e).not.toHaveAttribute('data-score');
    }
    expect(transcript.querySelector('[data-band="positive"]')).toHaveTextContent('Morning');
    expect(screen.getByTestId('scored-share')).toHaveTextContent(
      `${DEMO_INVENTED_TEXTS.scoredShare(2, 5)} ${DEMO_INVENTED_TEXTS.uncertainLegend}`,
    );
    expect(screen.getByTestId('intelligibility')).toHaveTextContent('Low');
    // Three of five words unsure: the transcript says it is approximate.
    expect(screen.getByTestId('approximate-transcript')).toHaveTextContent(TRANSCRIPT_TEXTS.approximate);
  });

  it("shows the engine's intelligibility, not the recogniser's confidence, as Intelligibility", () => {
    const response = uncertainFreeSpeechResponse();
    // The recogniser was unsure of most words, but the speech itself was clear.
    response.assessment.intelligibility = { score: 86, explanation: 'Clear speech.' };
    renderPanel(response);
    expect(response.assessment.transcriptConfidence.humanizedValue).toBe('Low');
    expect(screen.getByTestId('intelligibility')).toHaveTextContent('High');
  });

  it('estimates no grammar or vocabulary from too few clearly recognised words, and says so', () => {
    const response = uncertainFreeSpeechResponse();
    response.assessment.cefrEstimation = { grammar: null, vocabulary: null };
    renderPanel(response);
    expect(screen.getByTestId('no-levels')).toHaveTextContent(TRANSCRIPT_TEXTS.noGrammar);
    expect(screen.queryByText(/Vocabulary .* · Grammar/)).not.toBeInTheDocument();
  });

  it('shows a masked word only masked, and why an off-topic answer scored low', () => {
    renderPanel(uncertainFreeSpeechResponse());
    expect(document.body.textContent).not.toMatch(/fuck/i);
    expect(screen.getByTestId('transcript').querySelector('[data-masked]')).toHaveTextContent('f***');
    expect(screen.getByTestId('answer-issue')).toHaveTextContent('did not address the topic');
  });

  it('names no uncertain word as one to practise and praises no sound when nothing was scored', () => {
    const view = toScoreView(uncertainFreeSpeechResponse());
    expect(view.challengingWords.map((w) => w.word)).toEqual(['work']);
    const none = uncertainFreeSpeechResponse();
    none.word_scores = none.word_scores.filter((w) => w.uncertain);
    renderPanel(none);
    expect(screen.queryByText(DEMO_INVENTED_TEXTS.allSoundsClear)).not.toBeInTheDocument();
    expect(screen.getByText(DEMO_INVENTED_TEXTS.noSoundsHeard)).toBeInTheDocument();
  });

  it('shows no share line or answer warning for a reading-style response without them', () => {
    renderPanel(freeSpeechResponse(81));
    expect(screen.queryByTestId('scored-share')).not.toBeInTheDocument();
    expect(screen.queryByTestId('answer-issue')).not.toBeInTheDocument();
    expect(screen.queryByTestId('approximate-transcript')).not.toBeInTheDocument();
  });
});
