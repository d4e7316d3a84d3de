import type { FluencyProfile, OverallScores, SpeechTask, WordResult } from '../types.ts';

const LABELS: Record<Exclude<keyof OverallScores, 'total'>, string> = {
  pronunciation: 'pronunciation',
  fluency: 'fluency',
  prosody: 'intonation',
  completeness: 'completeness',
};

/** One line on what drove the total: its strongest and weakest parts. */
export function explainOverall(scores: OverallScores, task: SpeechTask): string {
  const parts = (Object.keys(LABELS) as (keyof typeof LABELS)[])
    // Completeness only matters when something was left out.
    .filter((k) => k !== 'completeness' || (task === 'reading' && scores.completeness < 100))
    .map((k) => ({ key: k, score: scores[k] }))
    .sort((a, b) => a.score - b.score || a.key.localeCompare(b.key));
  const weakest = parts[0];
  const strongest = parts[parts.length - 1];
  if (strongest.score - weakest.score < 10) {
    const names = parts.map((p) => LABELS[p.key]);
    return `Overall ${scores.total}: ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are at a similar level.`;
  }
  return `Overall ${scores.total}: strongest in ${LABELS[strongest.key]} (${strongest.score}), held back most by ${LABELS[weakest.key]} (${weakest.score}).`;
}

/** One line on intonation and rhythm, from the pace and where the pauses fall. */
export function explainProsody(score: number, fluency: FluencyProfile): string {
  const wpm = fluency.speakingRate.wordsPerMinute;
  const pace = wpm === null ? '' : ` at ${wpm} words per minute`;
  const breaks = fluency.counts.pauses + fluency.counts.silences;
  if (score > 80) return `Natural rhythm and phrasing${pace}.`;
  if (breaks > 0 && fluency.hesitationsAndPausesPerSentence >= 1) {
    return `Phrasing was broken up by ${breaks} pause${breaks === 1 ? '' : 's'}${pace}; aim for fewer breaks inside sentences.`;
  }
  if (fluency.speakingRate.comparedToAverage === 'slower')
    return `Rhythm was slow and even${pace}; vary stress more.`;
  if (fluency.speakingRate.comparedToAverage === 'faster')
    return `Rhythm was rushed${pace}; give stressed words more time.`;
  return `Intonation and stress were flat in places (${score}).`;
}

/** One line on how much of the text was read. */
export function explainCompleteness(words: WordResult[], completeness: number): string {
  const omitted = words.filter((w) => w.status === 'omitted').map((w) => `"${w.word}"`);
  if (omitted.length === 0) return `All words of the text were read (${completeness}%).`;
  return `${omitted.length} word${omitted.length === 1 ? ' was' : 's were'} not read: ${omitted.slice(0, 3).join(', ')}${omitted.length > 3 ? '…' : ''}.`;
}
