import type { SpeechAnalysis } from '../types.ts';

/**
 * The CLI's batch line: scores without explanations. External benchmarks read `overall` and
 * `words[].phones[]` from it, so its fields only ever grow.
 */
export function toBenchmarkLine(a: SpeechAnalysis) {
  return {
    task: a.task,
    durationSec: a.durationSec,
    overall: {
      pronunciation: a.overall.pronunciation,
      fluency: a.overall.fluency,
      prosody: a.overall.prosody,
      completeness: a.overall.completeness,
      total: a.overall.total,
    },
    words: a.words.map((w) => ({
      word: w.word,
      score: w.score,
      status: w.status,
      start: w.start,
      end: w.end,
      phones: w.phones.map((p) => ({ phone: p.phone, score: p.score })),
      // Recognised speech: the recogniser was unsure of the word, so its score is its confidence.
      ...(w.uncertain ? { uncertain: true } : {}),
    })),
    ...(a.coverage ? { coverage: a.coverage } : {}),
    ...(a.readingCheck ? { readingCheck: a.readingCheck } : {}),
    fluency: {
      wordsPerMinute: a.fluency.speakingRate.wordsPerMinute,
      pauses: a.fluency.counts.pauses,
      silences: a.fluency.counts.silences,
      hesitations: a.fluency.counts.hesitations,
    },
    speakingTimePercentage: a.speakingTimePercentage,
    transcript: a.transcript,
  };
}
