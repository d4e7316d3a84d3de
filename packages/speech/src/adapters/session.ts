import type { SessionAnalysis, SessionSpeech, SpeakingResults, TimedWord } from '@agaton/contracts';
import type { SpeechAnalysis, WordResult } from '../types.ts';
import { buildSessionMetrics } from './session-metrics.ts';

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

function profileWord(w: WordResult) {
  return {
    word: w.word,
    score: clamp100(w.score),
    performance: w.performance,
    explanation: w.explanation,
    phonemes: w.phones.map((p) => ({ phonemeIpa: p.ipa, performance: p.performance })),
  };
}

const phonemeRef = (p?: { ipa: string; respelled: string }) =>
  p ? { phonemeRespelled: p.respelled, phonemeIpa: p.ipa } : null;

/** A session's speech fields and sub-profiles (spec 1 §3). The API adds ids, times and blocks. */
export function toSessionSpeech(a: SpeechAnalysis): SessionSpeech {
  const p = a.pronunciation;
  const f = a.fluency;
  const i = a.intelligibility;
  const spoken = a.words.filter((w) => w.status !== 'omitted');
  return {
    durationSeconds: Math.round(a.durationSec),
    speakingTimePercentage: clamp100(a.speakingTimePercentage),
    wordsSaid: spoken.length,
    transcript: a.transcript,
    subProfiles: {
      pronunciationProfile: {
        overallScore: clamp100(p.score),
        overallExplanation: p.explanation,
        goodExamples: p.goodExamples,
        badExamples: p.badExamples,
        challengingWords: p.challengingWords.map(profileWord),
        masteredWords: p.masteredWords.map(profileWord),
        phonemeAnalysis: {
          mostChallengingPhoneme: phonemeRef(p.mostChallengingPhoneme),
          mostChallengingPhonemeCount: p.mostChallengingPhoneme?.count ?? 0,
          mostChallengingDescription: p.mostChallengingPhoneme?.description ?? '',
          mostImpactfulPhoneme: phonemeRef(p.mostImpactfulPhoneme),
          mostImpactfulPhonemeDescription: p.mostImpactfulPhoneme?.description ?? '',
        },
        challengingPhonemes: p.challengingPhonemes.map((c) => ({
          phonemeRespelled: c.respelled,
          phonemeIpa: c.ipa,
          performance: c.performance,
        })),
      },
      fluencyProfile: {
        overallScore: clamp100(f.score),
        overallExplanation: f.explanation,
        hesitationsAndPausesPerSentence: f.hesitationsAndPausesPerSentence,
        speakingRate: {
          wordsPerMinute: f.speakingRate.wordsPerMinute,
          overallSpeedExplanation: f.speakingRate.explanation,
          comparedToAverage: {
            verdict: f.speakingRate.comparedToAverage,
            fastWords: f.speakingRate.fastWords.map((word) => ({ word })),
            slowWords: f.speakingRate.slowWords.map((word) => ({ word })),
          },
        },
      },
      intelligibillityProfile: {
        overallScore: clamp100(i.score),
        overallExplanation: i.explanation,
        causeOfLowScore: i.causeOfLowScore,
      },
    },
  };
}

/**
 * Everything a session keeps from its analysis: the speech fields and sub-profiles the feedback page
 * shows, the transcript's words with times (fillers included, for playback and click-to-seek) and
 * the figures the insights and coaching reports are written from.
 */
export function toSessionAnalysis(a: SpeechAnalysis): SessionAnalysis {
  return { speech: toSessionSpeech(a), words: timedWords(a), metrics: buildSessionMetrics(a) };
}

/**
 * Spoken words in time order with fillers between them. A word's score is null unless it was scored
 * sound by sound: words outside a long meeting's scored sample, words the recogniser was unsure of
 * and fillers.
 */
function timedWords(a: SpeechAnalysis): TimedWord[] {
  const words: TimedWord[] = a.words
    .filter((w) => w.status !== 'omitted')
    .map((w) => ({
      word: w.word,
      start: w.start,
      end: w.end,
      score: w.phones.length > 0 && !w.uncertain ? clamp100(w.score) : null,
      ...(w.uncertain ? { uncertain: true } : {}),
    }));
  for (const e of a.fluency.pauses) {
    if (e.kind === 'filled-pause')
      words.push({ word: e.text ?? 'uh', start: e.start, end: e.end, score: null });
  }
  return words.sort((x, y) => x.start - y.start || x.end - y.end);
}

/** The speaking fields of a challenge's resultsBlob (spec 2 §3). */
export function toSpeakingResults(a: SpeechAnalysis): SpeakingResults {
  const f = a.fluency;
  const challengingWords = new Map<string, number>();
  for (const w of a.pronunciation.challengingWords) {
    if (!challengingWords.has(w.normalised)) challengingWords.set(w.normalised, clamp100(w.score));
  }
  return {
    pronunciation: clamp100(a.overall.pronunciation),
    fluency: clamp100(a.overall.fluency),
    speakingRate: f.speakingRate.wordsPerMinute,
    pausesCount: f.counts.pauses,
    hesistationsCount: f.counts.hesitations,
    silencesCount: f.counts.silences,
    intelligibility: clamp100(a.intelligibility.score),
    confidence: clamp100(a.intelligibility.transcriptConfidence.value * 100),
    challengingSounds: a.pronunciation.challengingPhonemes.map((c) => ({
      phoneme: c.ipa,
      score: clamp100(c.score),
    })),
    challengingWords: [...challengingWords].map(([word_normalised, score]) => ({ word_normalised, score })),
    testOverallScore: clamp100(a.overall.total),
    testCompletionScore: clamp100(a.overall.completeness),
  };
}
