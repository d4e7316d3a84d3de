import { CHALLENGING_AT_OR_BELOW } from '@agaton/contracts';
import type { FreeSpeechScoreResponse, PhraseScoreResponse, WordScore } from '../api/score-types';
import { DEMO_LIMITS } from '../texts';
import { intelligibilityLabel } from './banding';

export interface WeakSound {
  /** What the learner sees: IPA between slashes when known, else the ARPAbet symbol. */
  label: string;
  respelled?: string;
  score: number;
  /** A word of the recording where the sound was weakest. */
  example: string;
}

/** Everything the results panel shows, derived from one scoring response. */
export interface ScoreView {
  overall: number;
  pronunciation: number;
  fluency: number;
  content: number | null;
  /**
   * `uncertain`: the recogniser was not sure what was said (not scored, shown greyed); `masked`: the
   * server hid a profanity the recogniser produced (the word arrives masked and is shown as it came).
   */
  words: { word: string; score: number; status: WordScore['status']; uncertain: boolean; masked: boolean }[];
  /** Free speech: how many of the recognised words could be scored (the rest were uncertain). */
  coverage: { scored: number; total: number; share: number } | null;
  /** What drove the overall score, when the server says (e.g. an off-topic or very short answer). */
  overallExplanation: string | null;
  /**
   * Free speech: the answer was off-topic, very short or empty (the overall score was lowered).
   * Reading: the recording is not a reading of the text shown. `overallExplanation` says which.
   */
  answerIssue: boolean;
  /** Reading: the recording is not a reading of the text shown (nothing in it was scored). */
  notTheText: boolean;
  weakSounds: WeakSound[];
  challengingWords: { word: string; score: number }[];
  pauses: { pauses: number; silences: number; hesitations: number };
  wordsPerMinute: number | null;
  intelligibility: { value: number; label: 'High' | 'Medium' | 'Low' };
  cefr: { grammar: string | null; vocabulary: string | null } | null;
  tips: string[];
}

const round = (n: number) => Math.round(Math.max(0, Math.min(100, n)));

function explanations(score: { explanation: { description: string }[] } | undefined): string[] {
  return score ? score.explanation.map((e) => e.description).filter(Boolean) : [];
}

/**
 * The weakest sounds: those averaging at or below the challenging threshold (80, spec 1 §9: what the
 * colours and the coach area call challenging), lowest first, six shown.
 */
export function weakSounds(words: WordScore[]): WeakSound[] {
  const byPhone = new Map<
    string,
    { total: number; n: number; worst: number; example: string; ipa?: string; respelled?: string }
  >();
  for (const word of words) {
    for (const phone of word.phonemes) {
      const entry = byPhone.get(phone.phoneme) ?? { total: 0, n: 0, worst: 101, example: word.word };
      entry.total += phone.score;
      entry.n += 1;
      entry.ipa ??= phone.ipa;
      entry.respelled ??= phone.respelled;
      if (phone.score < entry.worst) Object.assign(entry, { worst: phone.score, example: word.word });
      byPhone.set(phone.phoneme, entry);
    }
  }
  return [...byPhone.entries()]
    .map(([phone, e]) => ({
      label: e.ipa ? `/${e.ipa}/` : phone,
      respelled: e.respelled,
      score: round(e.total / e.n),
      example: e.example,
    }))
    .filter((s) => s.score <= CHALLENGING_AT_OR_BELOW)
    .sort((a, b) => a.score - b.score)
    .slice(0, DEMO_LIMITS.challengingShown);
}

export function toScoreView(response: PhraseScoreResponse | FreeSpeechScoreResponse): ScoreView {
  const a = response.assessment;
  const words = response.word_scores.map((w) => ({
    word: w.word,
    score: round(w.score),
    status: w.status ?? 'ok',
    uncertain: w.uncertain === true,
    masked: w.masked === true,
  }));
  const p = a.pronunciation;
  const check = 'answer_check' in response ? response.answer_check : undefined;
  // A reading of something other than the text shown: nothing is scored or listed to practise.
  const notTheText = a.reading_check?.matches_text === false;
  const wpm = a.fluency.speech_rate_experimental;
  return {
    overall: round(a.overall_score),
    pronunciation: round(a.pronunciation.score),
    fluency: round(a.fluency.score),
    content: a.content ? round(a.content.score) : null,
    words,
    weakSounds: weakSounds(response.word_scores),
    coverage:
      p.scored_words !== undefined && p.total_words !== undefined
        ? { scored: p.scored_words, total: p.total_words, share: p.scored_share ?? 0 }
        : null,
    overallExplanation: a.overall_explanation ?? null,
    notTheText,
    answerIssue: notTheText || Boolean(check && (check.empty || check.too_short || check.off_topic)),
    // Only words read and scored are named as words to practise: not uncertain ones (not scored),
    // omitted ones (not read) nor inserted or repeated speech (a matter of fluency).
    challengingWords: words
      .filter((w) => w.status === 'ok' && !w.uncertain && w.score <= CHALLENGING_AT_OR_BELOW)
      .sort((x, y) => x.score - y.score)
      .slice(0, DEMO_LIMITS.challengingShown),
    pauses: {
      pauses: a.fluency_stats.num_pauses,
      silences: a.fluency_stats.num_silences,
      hesitations: a.fluency_stats.num_hesitations,
    },
    wordsPerMinute: typeof wpm === 'number' && wpm > 0 ? Math.round(wpm) : null,
    // The engine's intelligibility (phone evidence and timing); older answers carry only the
    // recogniser's confidence.
    intelligibility: intelligibilityOf(a),
    cefr: a.cefrEstimation
      ? { grammar: a.cefrEstimation.grammar ?? null, vocabulary: a.cefrEstimation.vocabulary ?? null }
      : null,
    tips: notTheText
      ? []
      : [...explanations(a.pronunciation), ...explanations(a.fluency), ...explanations(a.content)].slice(
          0,
          4,
        ),
  };
}

/**
 * What the demo shows as Intelligibility: the engine's intelligibility score (0–100, bands as for the
 * spec's confidence: 80 High, 50 Medium), else — a response without it — the transcript confidence.
 */
function intelligibilityOf(a: PhraseScoreResponse['assessment']): ScoreView['intelligibility'] {
  const value = a.intelligibility ? a.intelligibility.score / 100 : a.transcriptConfidence.value;
  return { value, label: intelligibilityLabel(value) };
}
