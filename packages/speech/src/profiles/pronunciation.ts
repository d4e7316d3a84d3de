import { CHALLENGING_AT_OR_BELOW } from '@agaton/contracts';
import type { Performance, PhoneResult, PronunciationProfile, WordResult } from '../types.ts';
import { phonemeInfo, respell } from './phonemes.ts';
import { UNCERTAIN_EXPLANATION } from './uncertain.ts';

export { CHALLENGING_AT_OR_BELOW };

/** HIGH above 80, MEDIUM above 60, else LOW. */
export function performanceOf(score: number): Performance {
  return score > 80 ? 'HIGH' : score > 60 ? 'MEDIUM' : 'LOW';
}

interface PhoneStats {
  phone: string;
  count: number;
  /** Instances at or below the challenging line. */
  missed: number;
  mean: number;
  /** Sum of (100 − score): how many points this phone cost over the whole recording. */
  deficit: number;
  words: string[];
}

/** Per-phone statistics over all spoken (not omitted) words. */
export function phoneStats(words: WordResult[]): PhoneStats[] {
  const byPhone = new Map<string, { scores: number[]; words: Set<string> }>();
  for (const w of words) {
    if (w.status === 'omitted') continue;
    for (const p of w.phones) {
      const entry = byPhone.get(p.phone) ?? { scores: [], words: new Set<string>() };
      entry.scores.push(p.score);
      if (p.score <= CHALLENGING_AT_OR_BELOW) entry.words.add(w.normalised);
      byPhone.set(p.phone, entry);
    }
  }
  return [...byPhone.entries()]
    .map(([phone, { scores, words: ws }]) => ({
      phone,
      count: scores.length,
      missed: scores.filter((s) => s <= CHALLENGING_AT_OR_BELOW).length,
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
      deficit: scores.reduce((a, s) => a + (100 - s), 0),
      words: [...ws],
    }))
    .sort((a, b) => a.phone.localeCompare(b.phone)); // stable order: same input, same output
}

const byScore = (a: WordResult, b: WordResult) => a.score - b.score || a.start - b.start;

/**
 * Words that count for pronunciation: heard sound by sound (omitted words were not said, inserted
 * noise has no phones) and not `uncertain` (the recogniser's guess, not what was said).
 */
export function scorableWords(words: WordResult[]): WordResult[] {
  return words.filter((w) => w.status !== 'omitted' && w.phones.length > 0 && !w.uncertain);
}

/**
 * The pronunciation profile: examples, challenging and mastered words, the phoneme that failed most
 * often and the one that cost the most points (frequency × deficit), and every challenging phoneme.
 * Uncertain words are left out of all of it.
 *
 * @param score calibrated pronunciation score 0–100; the mean word score when absent.
 * @param recognised recognised speech: the explanation says how many of the recognised words could be
 *   scored ("We could score 12 of 40 words…").
 * @param deliverySec recognised speech whose score comes from all of it (the delivery scales): the
 *   seconds heard, said in the explanation.
 */
export function buildPronunciationProfile(
  words: WordResult[],
  score?: number,
  recognised = words.some((w) => w.uncertain),
  deliverySec?: number,
): PronunciationProfile {
  const spoken = scorableWords(words);
  const overall =
    score ?? (spoken.length ? Math.round(spoken.reduce((s, w) => s + w.score, 0) / spoken.length) : 0);
  const challenging = spoken.filter((w) => w.score <= CHALLENGING_AT_OR_BELOW).sort(byScore);
  const mastered = spoken.filter((w) => w.score > CHALLENGING_AT_OR_BELOW).sort((a, b) => byScore(b, a));
  const stats = phoneStats(spoken);

  const worst = stats
    .filter((s) => s.missed > 0)
    .sort((a, b) => b.missed - a.missed || a.mean - b.mean || a.phone.localeCompare(b.phone))[0];
  const impactful = stats
    .filter((s) => s.mean <= CHALLENGING_AT_OR_BELOW || s.missed > 0)
    .sort((a, b) => b.deficit - a.deficit || a.phone.localeCompare(b.phone))[0];

  return {
    score: overall,
    explanation: recognised
      ? explainRecognised(
          overall,
          spoken.length,
          words.filter((w) => w.status !== 'omitted').length,
          challenging,
          worst,
          deliverySec,
        )
      : explainPronunciation(overall, spoken.length, challenging, worst),
    goodExamples: unique(mastered.map((w) => w.word)).slice(0, 3),
    badExamples: unique(challenging.map((w) => w.word)).slice(0, 3),
    challengingWords: challenging,
    masteredWords: mastered,
    mostChallengingPhoneme: worst && {
      ...phonemeFields(worst.phone),
      count: worst.missed,
      description: `${describe(worst.phone)} It was unclear ${times(worst.missed)}${inWords(worst.words)}.`,
    },
    mostImpactfulPhoneme: impactful && {
      ...phonemeFields(impactful.phone),
      description: `${describe(impactful.phone)} Said ${times(impactful.count)} at an average of ${Math.round(impactful.mean)}%, it cost your score the most.`,
    },
    challengingPhonemes: stats
      .filter((s) => s.mean <= CHALLENGING_AT_OR_BELOW)
      .sort((a, b) => a.mean - b.mean || a.phone.localeCompare(b.phone))
      .map((s) => ({
        ...phonemeFields(s.phone),
        score: Math.round(s.mean),
        performance: performanceOf(s.mean),
      })),
  };
}

function phonemeFields(phone: string) {
  const info = phonemeInfo(phone);
  return { phone: info.phone, ipa: info.ipa, respelled: respell(phone) };
}

function describe(phone: string): string {
  const info = phonemeInfo(phone);
  return `/${info.ipa}/ (${respell(phone)}): ${info.description}`;
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const inWords = (ws: string[]) =>
  ws.length
    ? ` (in ${ws
        .slice(0, 3)
        .map((w) => `"${w}"`)
        .join(', ')})`
    : '';
const unique = (xs: string[]) => [...new Set(xs)];

function explainPronunciation(
  score: number,
  spoken: number,
  challenging: WordResult[],
  worst: PhoneStats | undefined,
): string {
  if (spoken === 0) return 'No words could be scored.';
  const clear = spoken - challenging.length;
  if (challenging.length === 0) return `All ${spoken} words were pronounced clearly (${score}%).`;
  const head = `${clear} of ${spoken} words were pronounced clearly`;
  if (!worst) return `${head}; overall ${score}%.`;
  const info = phonemeInfo(worst.phone);
  return `${head}; the /${info.ipa}/ sound (${respell(worst.phone)}) caused the most trouble.`;
}

/**
 * Recognised speech: how much could be scored word by word first, then what those words showed;
 * with `deliverySec`, the score itself comes from all the speech and the last sentence says so.
 */
function explainRecognised(
  score: number,
  scored: number,
  recognised: number,
  challenging: WordResult[],
  worst: PhoneStats | undefined,
  deliverySec?: number,
): string {
  if (recognised === 0) return 'No words could be recognised, so pronunciation could not be scored.';
  const share = Math.round((100 * scored) / recognised);
  const clear = scored - challenging.length;
  const verdict =
    challenging.length === 0
      ? `${scored === 1 ? 'it was' : `all ${scored} were`} pronounced clearly`
      : `${clear} of them ${clear === 1 ? 'was' : 'were'} pronounced clearly`;
  const trouble = worst
    ? `, and the /${phonemeInfo(worst.phone).ipa}/ sound (${respell(worst.phone)}) caused the most trouble`
    : '';
  if (deliverySec !== undefined) {
    // The score comes from all of the speech: say so first, then what the sure words showed.
    const basis = `Pronunciation ${score}% is judged from all ${Math.round(deliverySec)} s of speech: how clearly it matched English sounds, with its pace and pauses.`;
    return scored === 0
      ? `${basis} The recogniser was not sure of any of the ${recognised} words it heard, so none was scored on its own.`
      : `${basis} ${scored} of ${recognised} words (${share}%) were clear enough to score one by one: ${verdict}${trouble}.`;
  }
  const head = `We could score ${scored} of ${recognised} words (${share}%)`;
  if (scored === 0)
    return `${head}: the recogniser was not sure what was said, so pronunciation could not be scored.`;
  const rest = scored < recognised ? '; the recogniser was not sure of the others' : '';
  return `${head}${rest}. Of those, ${verdict}${trouble} (${score}%).`;
}

/** One line on what drove a word's score: its weakest phone, or that it was clear or missing. */
export function explainWord(
  word: Pick<WordResult, 'word' | 'score' | 'status' | 'uncertain'> & { phones: PhoneResult[] },
): string {
  if (word.status === 'omitted') return `"${word.word}" was not read.`;
  if (word.status === 'inserted') return `"${word.word}" is not in the text.`;
  if (word.status === 'repeated') return `"${word.word}" was repeated.`;
  if (word.uncertain) return UNCERTAIN_EXPLANATION;
  const weakest = [...word.phones].sort((a, b) => a.score - b.score)[0];
  if (word.score > CHALLENGING_AT_OR_BELOW || !weakest) return `"${word.word}" was pronounced clearly.`;
  const info = phonemeInfo(weakest.phone);
  return `The /${info.ipa}/ sound (${respell(weakest.phone)}) in "${word.word}" scored ${Math.round(weakest.score)}%.`;
}
