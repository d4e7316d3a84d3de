import '@testing-library/jest-dom/vitest';
import { type ResultsBlob, TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../../lib/api-client';
import { installDomShims } from '../../../../lib/dom-shims.test-helper';
import {
  CANDIDATE_ID,
  CHALLENGE_ID,
  challenge,
  RESULTS,
  renderPage,
  stubAdminApi,
} from '../../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../../texts';
import { ReportPage, type ReportVariant } from './report-page';

// Issue 26: the free answer's transcript marks what the offline recogniser was unsure of, says when
// that was most of it, says why a level is missing, and the recruiter can listen to the answer.

const LINK = `/api/admin/challenges/${CHALLENGE_ID}/free-speech-recording?expires=1&signature=s&fid=f`;

type Free = ResultsBlob['freeSpeechTest'];

/** Opens the report of a challenge whose free answer is `free` and link `link`. */
async function openFree(
  free: Partial<Free> & Record<string, unknown>,
  options: { link?: string | null; variant?: ReportVariant } = {},
) {
  const resultsBlob = { ...RESULTS, freeSpeechTest: { ...RESULTS.freeSpeechTest, ...free } };
  const body = challenge({ resultsBlob, freeSpeechRecordingUrl: options.link ?? null });
  stubAdminApi({ [`GET /admin/challenges/${CHALLENGE_ID}`]: { status: 200, body } });
  renderPage(
    `/dashboard/test/user/${CANDIDATE_ID}/${CHALLENGE_ID}`,
    '/dashboard/test/user/:userId/:challengeId',
    <ReportPage
      userId={CANDIDATE_ID}
      challengeId={CHALLENGE_ID}
      variant={options.variant ?? 'dashboard'}
      organisationName="Acme Hiring"
    />,
  );
  return screen.findByTestId('report-free-speech');
}

const unsureWords = (section: HTMLElement) =>
  Array.from(within(section).getByTestId('free-transcript').querySelectorAll('[data-unsure]')).map(
    (e) => e.textContent,
  );

describe('the report of the free answer', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('marks the words the recogniser was unsure of and plays the recording beside them', async () => {
    const section = await openFree({}, { link: LINK });
    expect(unsureWords(section)).toEqual(['pricing', 'doubled']);
    expect(within(section).getByText('pricing')).toHaveAttribute('title', TRANSCRIPT_TEXTS.unsureWord);
    expect(within(section).getByTestId('free-transcript')).toHaveTextContent(
      RESULTS.freeSpeechTest.transcript ?? '',
    );
    // Two of nineteen words: not an approximate transcript.
    expect(within(section).queryByTestId('approximate-transcript')).not.toBeInTheDocument();
    const player = within(section).getByLabelText(RT_LABELS.freeSpeechRecording);
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', LINK);
    expect(player).toHaveAttribute('controls');
    expect(within(section).getByTestId('free-grammar')).toHaveTextContent('Grammar: B2');
    expect(within(section).getByTestId('free-vocabulary')).toHaveTextContent('Vocabulary: B1');
  });

  it('says a mostly unsure transcript is approximate and why grammar and vocabulary are missing', async () => {
    const words = [
      { word: 'i', uncertain: true },
      { word: 'work', uncertain: false },
      { word: 'in', uncertain: true },
      { word: 'sails', uncertain: true },
    ];
    const section = await openFree({
      transcript: 'i work in sails',
      words,
      grammar: null,
      vocabulary: null,
    });
    expect(within(section).getByTestId('approximate-transcript')).toHaveTextContent(
      TRANSCRIPT_TEXTS.approximate,
    );
    expect(unsureWords(section)).toEqual(['i', 'in', 'sails']);
    expect(within(section).getByTestId('free-grammar')).toHaveTextContent(
      `Grammar: ${TRANSCRIPT_TEXTS.noGrammar}`,
    );
    expect(within(section).getByTestId('free-vocabulary')).toHaveTextContent(
      `Vocabulary: ${TRANSCRIPT_TEXTS.noVocabulary}`,
    );
    for (const id of ['free-grammar', 'free-vocabulary'])
      expect(within(section).getByTestId(id)).not.toHaveTextContent('—');
    // No recording kept: no player.
    expect(within(section).queryByTestId('free-recording')).not.toBeInTheDocument();
  });

  it('shows dashes, not a reason, when no answer was recorded', async () => {
    const section = await openFree({
      transcript: null,
      words: [],
      grammar: null,
      vocabulary: null,
      overallScore: 0,
    });
    expect(section).toHaveTextContent(RT_LABELS.noAnswer);
    expect(within(section).getByTestId('free-grammar')).toHaveTextContent('Grammar: —');
    expect(within(section).getByTestId('free-vocabulary')).toHaveTextContent('Vocabulary: —');
    expect(section).not.toHaveTextContent(TRANSCRIPT_TEXTS.noGrammar);
  });

  it('shows the transcript of results stored before words were kept', async () => {
    const section = await openFree({ words: undefined });
    expect(within(section).getByTestId('free-transcript')).toHaveTextContent(
      `“${RESULTS.freeSpeechTest.transcript}”`,
    );
    expect(unsureWords(section)).toEqual([]);
  });

  it('prints the marked transcript without the player', async () => {
    const section = await openFree({}, { link: LINK, variant: 'print' });
    expect(unsureWords(section)).toEqual(['pricing', 'doubled']);
    expect(within(section).queryByTestId('free-recording')).not.toBeInTheDocument();
    expect(within(section).queryByLabelText(RT_LABELS.freeSpeechRecording)).not.toBeInTheDocument();
  });
});
