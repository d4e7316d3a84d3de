import type { FreeSpeechScoreResponse, PhraseScoreResponse } from './score-types';

const assessment = (overall: number) => ({
  overall_score: overall,
  pronunciation: {
    score: overall,
    explanation: [{ keyword: 'th', description: 'Put your tongue between your teeth for "th".' }],
  },
  fluency: { score: 80, explanation: [], speech_rate_experimental: 132 },
  fluency_stats: { num_pauses: 1, num_silences: 0, num_hesitations: 2 },
  content: { score: 100, explanation: 'All words were read.' },
  transcriptConfidence: { value: 0.84, humanizedValue: 'High' as const },
});

/** A phrase response as the api returns it: one weak word, one strong. */
export function phraseResponse(overall = 72): PhraseScoreResponse {
  return {
    word_scores: [
      {
        word: 'We',
        score: 95,
        phones: [
          { phone: 'W', ipa: 'w', score: 96 },
          { phone: 'IY', ipa: 'iː', score: 94 },
        ],
      },
      {
        word: 'think',
        score: 41,
        phones: [
          { phone: 'TH', ipa: 'θ', score: 22 },
          { phone: 'IH', ipa: 'ɪ', score: 70 },
        ],
      },
    ],
    assessment: assessment(overall),
  };
}

export function freeSpeechResponse(overall = 81): FreeSpeechScoreResponse {
  return {
    ...phraseResponse(overall),
    assessment: {
      ...phraseResponse(overall).assessment,
      cefrEstimation: { grammar: 'B1', vocabulary: 'B2' },
    },
    transcript: 'we think remote work will change hiring',
    nlp_assessment: {
      narrative: 'A clear, relevant answer.',
      cefr_stats: { vocabulary: 'B2', grammar: 'B1' },
      text_similarity_metrics: { rouge1: 0.25 },
    },
  };
}
