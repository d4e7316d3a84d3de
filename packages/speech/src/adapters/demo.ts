import {
  type DemoAssessment,
  type DemoReadingResponse,
  type FreeSpeechResponse,
  NOT_THE_TEXT,
  type WordScore,
} from '@agaton/contracts';
import { explainCompleteness } from '../profiles/explain.ts';
import type { SpeechAnalysis, WordResult } from '../types.ts';

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

/** A word as the demo's word_scores list shows it. */
export function toWordScore(w: WordResult): WordScore {
  return {
    word: w.word,
    word_normalised: w.normalised,
    start: w.start,
    end: w.end,
    score: clamp100(w.score),
    performance: w.performance,
    confidence: Math.max(0, Math.min(1, w.confidence)),
    status: w.status,
    explanation: w.explanation,
    // An uncertain word was not scored: no sounds to show or to count among the weakest.
    phonemes: (w.uncertain ? [] : w.phones).map((p) => ({
      phoneme: p.phone,
      ipa: p.ipa,
      respelled: p.respelled,
      score: clamp100(p.score),
      performance: p.performance,
    })),
    ...(w.uncertain ? { uncertain: true } : {}),
    ...(w.masked ? { masked: true } : {}),
  };
}

function pronunciationReasons(a: SpeechAnalysis) {
  const p = a.pronunciation;
  const reasons = [{ keyword: 'Overall', description: p.explanation }];
  if (p.mostChallengingPhoneme) {
    reasons.push({
      keyword: `/${p.mostChallengingPhoneme.ipa}/`,
      description: p.mostChallengingPhoneme.description,
    });
  }
  // Descriptions stand alone: the demo page shows them without their keyword.
  if (p.badExamples.length) {
    reasons.push({ keyword: 'Practise', description: `Words to practise: ${p.badExamples.join(', ')}.` });
  }
  return reasons;
}

function fluencyReasons(a: SpeechAnalysis) {
  const f = a.fluency;
  return [
    { keyword: 'Overall', description: f.explanation },
    { keyword: 'Speaking rate', description: f.speakingRate.explanation },
    {
      keyword: 'Pauses',
      description: `${f.hesitationsAndPausesPerSentence} hesitations and pauses per sentence.`,
    },
  ];
}

/** The demo assessment object shared by the reading and free-speech responses (spec 3 §3.10). */
export function toDemoAssessment(a: SpeechAnalysis): DemoAssessment {
  const f = a.fluency;
  const assessment: DemoAssessment = {
    overall_score: clamp100(a.overall.total),
    overall_explanation: a.overall.explanation,
    pronunciation: {
      score: clamp100(a.overall.pronunciation),
      explanation: pronunciationReasons(a),
      ...(a.coverage
        ? {
            scored_words: a.coverage.scoredWords,
            total_words: a.coverage.words,
            scored_share: a.coverage.scoredShare,
          }
        : {}),
    },
    fluency: {
      score: clamp100(a.overall.fluency),
      explanation: fluencyReasons(a),
      speech_rate_experimental: f.speakingRate.wordsPerMinute,
    },
    fluency_stats: {
      num_pauses: f.counts.pauses,
      num_silences: f.counts.silences,
      num_hesitations: f.counts.hesitations,
    },
    transcriptConfidence: a.intelligibility.transcriptConfidence,
    intelligibility: {
      score: clamp100(a.intelligibility.score),
      explanation: a.intelligibility.explanation,
    },
  };
  if (a.task === 'reading') {
    const reads = a.readingCheck?.matchesText ?? true;
    assessment.content = {
      score: clamp100(a.overall.completeness),
      explanation: [
        {
          keyword: 'Completeness',
          description: reads ? explainCompleteness(a.words, a.overall.completeness) : NOT_THE_TEXT,
        },
      ],
    };
    assessment.reading_check = { matches_text: reads };
  }
  if (a.content) {
    assessment.content = {
      score: clamp100(a.content.score.score),
      explanation: [{ keyword: 'Content', description: a.content.score.explanation }],
    };
    assessment.cefrEstimation = { grammar: a.content.cefr.grammar, vocabulary: a.content.cefr.vocabulary };
  }
  return assessment;
}

/** Response of the demo's reading scoring (score/public/phrase). */
export function toDemoReadingResponse(a: SpeechAnalysis): DemoReadingResponse {
  return { word_scores: a.words.map(toWordScore), assessment: toDemoAssessment(a) };
}

/** Response of the demo's free-speech scoring (score/public/free-speech). */
export function toFreeSpeechResponse(a: SpeechAnalysis): FreeSpeechResponse {
  const c = a.content;
  const spoken = a.words.filter((w) => w.status !== 'omitted');
  return {
    word_scores: a.words.map(toWordScore),
    assessment: toDemoAssessment(a),
    nlp_assessment: {
      narrative: c?.narrative ?? '',
      cefr_stats: {
        vocabulary: c?.cefr.vocabulary ?? null,
        grammar: c?.cefr.grammar ?? null,
        vocabulary_distribution: c?.cefr.vocabularyDistribution ?? {
          A1: 0,
          A2: 0,
          B1: 0,
          B2: 0,
          C1: 0,
          C2: 0,
        },
        word_count: c?.wordCount ?? spoken.length,
      },
      text_similarity_metrics: { rouge1: c?.rouge1 ?? null },
    },
    transcript: a.transcript,
    ...(c?.answer
      ? {
          answer_check: {
            empty: c.answer.empty,
            too_short: c.answer.tooShort,
            off_topic: c.answer.offTopic,
            speech_seconds: c.answer.speechSec,
          },
        }
      : {}),
  };
}
