import type { Goal, GoalFocus } from '@agaton/contracts';
import {
  AVERAGE_WPM,
  type Figures,
  quoted,
  type SoundFigure,
  soundLabel,
  weakestSounds,
  weakestWords,
} from '../speaking/index.ts';

/**
 * Minimal pairs for the sounds learners most often replace, by ARPAbet phone: the sound in the first
 * word of each pair, the usual substitute in the second.
 */
const MINIMAL_PAIRS: Record<string, [string, string][]> = {
  TH: [
    ['think', 'sink'],
    ['three', 'tree'],
    ['thin', 'fin'],
  ],
  DH: [
    ['then', 'den'],
    ['they', 'day'],
    ['breathe', 'breeze'],
  ],
  R: [
    ['right', 'light'],
    ['rice', 'lice'],
    ['pray', 'play'],
  ],
  L: [
    ['light', 'right'],
    ['collect', 'correct'],
    ['lead', 'read'],
  ],
  V: [
    ['vest', 'west'],
    ['very', 'berry'],
    ['van', 'fan'],
  ],
  W: [
    ['west', 'vest'],
    ['wine', 'vine'],
    ['wet', 'vet'],
  ],
  F: [
    ['fan', 'pan'],
    ['fine', 'vine'],
    ['fast', 'past'],
  ],
  IH: [
    ['ship', 'sheep'],
    ['live', 'leave'],
    ['sit', 'seat'],
  ],
  IY: [
    ['sheep', 'ship'],
    ['leave', 'live'],
    ['seat', 'sit'],
  ],
  AE: [
    ['bad', 'bed'],
    ['man', 'men'],
    ['cat', 'cut'],
  ],
  EH: [
    ['bed', 'bad'],
    ['men', 'man'],
    ['set', 'sat'],
  ],
  AH: [
    ['cut', 'cat'],
    ['luck', 'lock'],
    ['much', 'match'],
  ],
  UH: [
    ['full', 'fool'],
    ['pull', 'pool'],
    ['look', 'luke'],
  ],
  UW: [
    ['fool', 'full'],
    ['pool', 'pull'],
    ['food', 'foot'],
  ],
  S: [
    ['sip', 'ship'],
    ['sea', 'she'],
    ['ice', 'eyes'],
  ],
  SH: [
    ['ship', 'sip'],
    ['she', 'see'],
    ['shoe', 'sue'],
  ],
  Z: [
    ['zip', 'sip'],
    ['eyes', 'ice'],
    ['prize', 'price'],
  ],
  NG: [
    ['sing', 'sin'],
    ['thing', 'thin'],
    ['wing', 'win'],
  ],
  P: [
    ['pin', 'bin'],
    ['pat', 'bat'],
    ['cap', 'cab'],
  ],
  B: [
    ['bin', 'pin'],
    ['bat', 'pat'],
    ['berry', 'very'],
  ],
  HH: [
    ['hat', 'at'],
    ['hair', 'air'],
    ['heat', 'eat'],
  ],
  ER: [
    ['bird', 'bed'],
    ['hurt', 'hot'],
    ['work', 'walk'],
  ],
};

interface Candidate {
  text: string;
  /** How weak the area is, 0–100: the exercises for the weakest areas are chosen. */
  need: number;
  focus: GoalFocus;
}

/** A chosen goal's area weighs this much more, so exercises follow the goals among close needs. */
const GOAL_BOOST = 15;
const EXERCISES = 3;

function soundDrill(sound: SoundFigure): Candidate {
  const pairs = MINIMAL_PAIRS[sound.phone];
  const own = sound.exampleWords.length
    ? ` Then say your own words from your sessions: ${quoted(sound.exampleWords.slice(0, 5))}.`
    : '';
  const text = pairs
    ? `Minimal pairs for ${soundLabel(sound)}: say each pair aloud, slowly and then at normal speed, and record yourself: ${pairs.map(([a, b]) => `"${a} – ${b}"`).join(', ')}. Listen back: the two words of a pair should sound different.${own}`
    : `Practise ${soundLabel(sound)} in your own words: say each three times slowly, then in a short sentence, and record yourself.${own || ' Use words from your next session.'}`;
  return { text, need: 100 - sound.averageScore, focus: 'pronunciation' };
}

/**
 * Two or three exercises for what is weakest: habits (fillers, pace, pauses) from `now`, sounds and
 * words from `recent` (the sessions they recur over). At least one is for a chosen goal when any
 * fits; shadowing fills in when only one area needs work.
 */
export function chooseExercises(input: { now: Figures; recent: Figures; goals: Goal[] }): string[] {
  const { now: f, recent, goals } = input;
  const candidates: Candidate[] = [];
  const sound = weakestSounds(recent)[0];
  if (sound) candidates.push(soundDrill(sound));
  if (f.fillersPerMinute !== null && f.filledPauses > 0) {
    const top = f.fillers[0]?.word ?? 'um';
    const target = Math.round(f.fillersPerMinute * 5) / 10;
    candidates.push({
      text: `Pause instead of "${top}": talk for two minutes about your work and record it. Each time you feel a filler coming, close your mouth and pause silently for a second instead. You are at ${f.fillersPerMinute} filler words per minute; aim for ${target}.`,
      need: Math.min(100, f.fillersPerMinute * 15),
      focus: 'fillers',
    });
  }
  const wpm = f.wordsPerMinute;
  if (wpm !== null && (wpm < AVERAGE_WPM.min || wpm > AVERAGE_WPM.max)) {
    const target =
      wpm < AVERAGE_WPM.min
        ? Math.min(AVERAGE_WPM.min + 5, wpm + 20)
        : Math.max(AVERAGE_WPM.max - 5, wpm - 20);
    const distance = wpm < AVERAGE_WPM.min ? AVERAGE_WPM.min - wpm : wpm - AVERAGE_WPM.max;
    candidates.push({
      text: `Paced reading at ${target} words per minute: take a text of ${target * 2} words and read it aloud in two minutes, checking the time at the halfway mark (${target} words). You spoke at ${wpm} words per minute; the average is ${AVERAGE_WPM.min}–${AVERAGE_WPM.max}.`,
      need: Math.min(100, distance * 2),
      focus: 'pace',
    });
  }
  if (f.longPausesPerMinute !== null && f.longPauses > 0 && f.fluency !== null) {
    candidates.push({
      text: `Speak in planned chunks: before a meeting, note three points you want to make, then say each in phrases of four to six words, pausing only between phrases. You made ${f.longPausesPerMinute} pauses of 0.7 s or more per minute of speaking.`,
      need: 100 - f.fluency,
      focus: 'fluency',
    });
  }
  const hard = weakestWords(recent).slice(0, 5);
  if (hard.length) {
    const mean = hard.reduce((sum, w) => sum + w.averageScore, 0) / hard.length;
    candidates.push({
      text: `Practise the words that scored lowest: ${quoted(hard.map((w) => w.word))}. Say each slowly three times, stressing its main syllable, then use it in a sentence about your work, so listeners understand it the first time.`,
      need: 100 - mean,
      focus: 'intelligibility',
    });
  }
  if (candidates.length < 2) {
    candidates.push({
      text: 'Shadowing: play a minute of an English podcast or talk and speak along with it, a word behind, copying its rhythm, stress and pauses. Record yourself and compare.',
      need: 0,
      focus: 'fluency',
    });
  }
  const chosen = new Set(goals.map((g) => g.focus));
  const ranked = candidates
    .map((c, order) => ({ ...c, order, weight: c.need + (chosen.has(c.focus) ? GOAL_BOOST : 0) }))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const picked = ranked.slice(0, EXERCISES - 1);
  const forGoal = ranked.find((c) => chosen.has(c.focus) && !picked.includes(c));
  const third = picked.some((c) => chosen.has(c.focus))
    ? ranked[EXERCISES - 1]
    : (forGoal ?? ranked[EXERCISES - 1]);
  return [...picked, ...(third ? [third] : [])].map((c) => c.text);
}
