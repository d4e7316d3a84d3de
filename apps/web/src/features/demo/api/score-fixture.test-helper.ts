import { NOT_THE_TEXT } from '@agaton/contracts';
import type { FreeSpeechScoreResponse, PhraseScoreResponse, WordScore } from './score-types';

const perf = (score: number) => (score > 80 ? 'HIGH' : score > 60 ? 'MEDIUM' : 'LOW');

function word(text: string, score: number, phones: [string, string, number][]): WordScore {
  return {
    word: text,
    word_normalised: text.toLowerCase(),
    start: 0,
    end: 0.4,
    score,
    performance: perf(score),
    confidence: 1,
    status: 'ok',
    explanation: '',
    phonemes: phones.map(([phoneme, ipa, s]) => ({
      phoneme,
      ipa,
      respelled: ipa,
      score: s,
      performance: perf(s),
    })),
  };
}

const assessment = (overall: number): PhraseScoreResponse['assessment'] => ({
  overall_score: overall,
  pronunciation: {
    score: overall,
    explanation: [{ keyword: 'th', description: 'Put your tongue between your teeth for "th".' }],
  },
  fluency: { score: 80, explanation: [], speech_rate_experimental: 132 },
  fluency_stats: { num_pauses: 1, num_silences: 0, num_hesitations: 2 },
  content: { score: 100, explanation: [{ keyword: 'Completeness', description: 'All words were read.' }] },
  transcriptConfidence: { value: 0.84, humanizedValue: 'High' },
});

/** A phrase response as the api returns it: one weak word, one strong. */
export function phraseResponse(overall = 72): PhraseScoreResponse {
  return {
    word_scores: [
      word('We', 95, [
        ['W', 'w', 96],
        ['IY', 'iː', 94],
      ]),
      word('think', 41, [
        ['TH', 'θ', 22],
        ['IH', 'ɪ', 70],
      ]),
    ],
    assessment: assessment(overall),
  };
}

/**
 * A reading of something other than the text shown, as the api returns it: every word omitted with
 * score 0, every score 0, and the reading check saying so.
 */
export function notTheTextResponse(): PhraseScoreResponse {
  const omitted = (text: string): WordScore => ({
    ...word(text, 0, []),
    status: 'omitted',
    performance: 'LOW',
  });
  const a = assessment(0);
  return {
    word_scores: [omitted('We'), omitted('think')],
    assessment: {
      ...a,
      overall_explanation: NOT_THE_TEXT,
      pronunciation: { score: 0, explanation: [{ keyword: 'Overall', description: NOT_THE_TEXT }] },
      fluency: { ...a.fluency, score: 0 },
      content: { score: 0, explanation: [{ keyword: 'Completeness', description: NOT_THE_TEXT }] },
      reading_check: { matches_text: false },
    },
  };
}

export function freeSpeechResponse(overall = 81): FreeSpeechScoreResponse {
  return {
    ...phraseResponse(overall),
    assessment: {
      ...assessment(overall),
      content: undefined,
      cefrEstimation: { grammar: 'B1', vocabulary: 'B2' },
    },
    transcript: 'we think remote work will change hiring',
    nlp_assessment: {
      narrative: 'A clear, relevant answer.',
      cefr_stats: {
        vocabulary: 'B2',
        grammar: 'B1',
        vocabulary_distribution: { A1: 0.5, A2: 0.2, B1: 0.2, B2: 0.1, C1: 0, C2: 0 },
        word_count: 7,
      },
      text_similarity_metrics: { rouge1: 0.25 },
    },
  };
}

/**
 * A free answer the recogniser was mostly unsure of (the case): two scored words, three
 * uncertain ones (scored by their confidence, no phonemes), one masked profanity, and an off-topic
 * verdict that halved the overall score.
 */
export function uncertainFreeSpeechResponse(): FreeSpeechScoreResponse {
  const base = freeSpeechResponse(38);
  const unsure = (text: string, extra: Partial<WordScore> = {}): WordScore => ({
    ...word(text, 12, []),
    confidence: 0.12,
    performance: 'LOW',
    explanation: 'Not sure what was said here, so this word was not scored.',
    uncertain: true,
    ...extra,
  });
  return {
    ...base,
    word_scores: [
      word('Morning', 92, [['M', 'm', 95]]),
      unsure('banana'),
      unsure('f***', { masked: true }),
      unsure('elephant'),
      word('work', 64, [['W', 'w', 58]]),
    ],
    assessment: {
      ...base.assessment,
      overall_explanation:
        "Overall 38: The answer did not address the topic: none of the question's key words was clearly heard.",
      pronunciation: {
        score: 78,
        explanation: [{ keyword: 'Overall', description: 'We could score 2 of 5 words (40%).' }],
        scored_words: 2,
        total_words: 5,
        scored_share: 0.4,
      },
      content: { score: 21, explanation: [{ keyword: 'Content', description: 'Off topic.' }] },
      transcriptConfidence: { value: 0.46, humanizedValue: 'Low' },
    },
    transcript: 'morning banana f*** elephant work',
    answer_check: { empty: false, too_short: false, off_topic: true, speech_seconds: 24 },
  };
}
