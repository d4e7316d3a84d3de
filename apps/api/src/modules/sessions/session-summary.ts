import type { Block, SessionMetrics, SessionSpeech } from '@agaton/contracts';
import {
  averagePace,
  type Figures,
  figuresOf,
  formatDuration,
  goalLine,
  knownGoals,
  MIN_WORDS_TO_JUDGE,
  paceVerdict,
  plural,
  pronunciationScored,
  quoted,
  soundLabel,
  weakestSounds,
} from '../speaking/index.ts';

/** The overview of a session's feedback page (spec 1 §2): verdict, key takeaways and blocks. */
export interface SessionSummary {
  evaluation: string;
  highlights: string[];
  blocks: Block[];
}

/** Block headers of the overview, in the order they appear. */
export const SUMMARY_HEADERS = {
  wentWell: 'What went well',
  workOn: 'What to work on',
  goals: 'Your goals',
  transcript: 'Transcript sample',
  breakdown: 'Breakdown',
} as const;

/** Words of the transcript sample. */
const SAMPLE_WORDS = 40;
/** Scores at or above this are strengths; below `WEAK_BELOW` something to work on. */
const STRONG_FROM = 80;
const WEAK_BELOW = 75;
/** More filler words than this per minute of speaking is worth working on; at most this, a strength. */
const FILLERS_PER_MINUTE = 1;

/**
 * Writes the overview of one analysed session from its figures: deterministic English, every number
 * from the inputs. A session with fewer than 10 of the learner's words gets no verdict on scores.
 */
export function summariseSession(input: {
  speech: SessionSpeech;
  metrics: SessionMetrics;
  /** The user's goal ids (unknown ids are skipped). */
  goals: string[];
}): SessionSummary {
  const { speech, metrics: m } = input;
  if (m.wordsSaid < MIN_WORDS_TO_JUDGE) return tooLittle(speech, m);
  const f = figuresOf([m]);
  const goals = knownGoals(input.goals);
  const blocks: Block[] = [
    { header: SUMMARY_HEADERS.wentWell, content: wentWell(speech, m, f) },
    { header: SUMMARY_HEADERS.workOn, content: workOn(m, f) },
  ];
  if (goals.length)
    blocks.push({ header: SUMMARY_HEADERS.goals, content: goals.map((g) => goalLine(g, f, null)) });
  blocks.push({ header: SUMMARY_HEADERS.transcript, content: [sample(speech.transcript)] });
  blocks.push({ header: SUMMARY_HEADERS.breakdown, content: breakdown(m) });
  return { evaluation: evaluate(m), highlights: highlights(m, f), blocks };
}

interface Area {
  name: string;
  score: number;
}

/**
 * The scores a verdict can rest on: pronunciation and intelligibility only when they were scored
 * (with no word made out, intelligibility would only say that the recogniser failed).
 */
function areas(m: SessionMetrics): Area[] {
  const scored = pronunciationScored(m);
  return [
    ...(scored ? [{ name: 'pronunciation', score: m.pronunciation }] : []),
    { name: 'fluency', score: m.fluency },
    ...(scored ? [{ name: 'intelligibility', score: m.intelligibility }] : []),
  ];
}

function evaluate(m: SessionMetrics): string {
  const opening =
    m.total >= 90
      ? 'An excellent session'
      : m.total >= 75
        ? 'A good session'
        : m.total >= 50
          ? 'A fair session'
          : 'A difficult session';
  const scored = areas(m);
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const best = sorted[0];
  const worst = sorted[sorted.length - 1];
  const detail =
    best.score - worst.score < 5
      ? `${scored.map((a) => a.name).join(', ')} were all close to ${Math.round(mean(scored.map((a) => a.score)))}`
      : `${best.name} was your strongest area (${best.score}) and ${worst.name} (${worst.score}) is where you can gain most`;
  const unscored = !pronunciationScored(m)
    ? ' We could not make out your words clearly enough to score your pronunciation.'
    : '';
  return `${opening} (overall ${m.total}/100): ${detail}.${unscored}`;
}

function highlights(m: SessionMetrics, f: Figures): string[] {
  const out = [
    `You spoke for ${formatDuration(m.speakingSeconds)}, ${m.speakingTimePercentage}% of the ${formatDuration(m.durationSeconds)} session, and we recognised ${plural(m.wordsSaid, 'word')}.`,
  ];
  if (m.wordsPerMinute !== null) {
    out.push(
      `Your pace was ${m.wordsPerMinute} words per minute, ${paceVerdict(m.wordsPerMinute)} the ${averagePace} average.`,
    );
  }
  out.push(
    m.filledPauses > 0
      ? `You used ${plural(m.filledPauses, 'filler word')} (${f.fillersPerMinute} per minute of speaking), most often "${m.fillers[0]?.word}".`
      : 'We heard no filler words such as "um" or "uh".',
  );
  out.push(
    m.longPauses > 0
      ? `You paused for 0.7 s or longer ${plural(m.longPauses, 'time')}; counting every pause and hesitation, that is ${m.hesitationsAndPausesPerSentence} per sentence.`
      : 'No pause of 0.7 s or longer held you up.',
  );
  const sound = weakestSounds(f)[0];
  if (sound) {
    out.push(
      `The sound that gave you most trouble was ${soundLabel(sound)}: unclear ${sound.challengingCount} of ${sound.count} times${examples(sound.exampleWords)}.`,
    );
  } else if (m.scoredWords > 0) {
    out.push('Every sound we scored averaged above 80.');
  }
  return out.slice(0, 5);
}

const examples = (words: string[]) => (words.length ? `, for example in ${quoted(words.slice(0, 3))}` : '');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function wentWell(speech: SessionSpeech, m: SessionMetrics, f: Figures): string[] {
  const out: string[] = [];
  for (const a of areas(m)) if (a.score >= STRONG_FROM) out.push(`Your ${a.name} score was ${a.score}/100.`);
  const good = speech.subProfiles.pronunciationProfile?.goodExamples ?? [];
  if (m.scoredWords > 0 && good.length) out.push(`Words you said clearly include ${quoted(good)}.`);
  const clearSounds = f.sounds
    .filter((s) => s.count >= 5 && s.averageScore >= 90)
    .sort((a, b) => b.count - a.count);
  if (clearSounds.length) {
    out.push(`Sounds you made well: ${clearSounds.slice(0, 3).map(soundLabel).join(', ')}.`);
  }
  if (m.wordsPerMinute !== null && paceVerdict(m.wordsPerMinute) === 'within') {
    out.push(`Your pace of ${m.wordsPerMinute} words per minute was within the ${averagePace} average.`);
  }
  if (f.fillersPerMinute !== null && f.fillersPerMinute <= FILLERS_PER_MINUTE && m.speakingSeconds >= 60) {
    out.push(
      `Only ${plural(m.filledPauses, 'filler word')} in ${formatDuration(m.speakingSeconds)} of speaking.`,
    );
  }
  return out.length
    ? out
    : [
        `You spoke for ${formatDuration(m.speakingSeconds)}: each session gives your next one something to compare with.`,
      ];
}

function workOn(m: SessionMetrics, f: Figures): string[] {
  const out: string[] = [];
  const sound = weakestSounds(f)[0];
  if (sound) {
    out.push(
      `The ${soundLabel(sound)} sound: unclear ${sound.challengingCount} of ${sound.count} times${examples(sound.exampleWords)}.`,
    );
  }
  const hard = m.words.filter((w) => w.challenging).slice(0, 5);
  if (hard.length) {
    out.push(
      `Words that scored 80 or below: ${hard.map((w) => `"${w.word}" (${w.averageScore})`).join(', ')}.`,
    );
  }
  for (const a of areas(m)) if (a.score < WEAK_BELOW) out.push(`Your ${a.name} score was ${a.score}/100.`);
  if (m.wordsPerMinute !== null && paceVerdict(m.wordsPerMinute) !== 'within') {
    out.push(
      `Your pace of ${m.wordsPerMinute} words per minute was ${paceVerdict(m.wordsPerMinute)} the ${averagePace} average.`,
    );
  }
  if (f.fillersPerMinute !== null && f.fillersPerMinute > FILLERS_PER_MINUTE) {
    out.push(
      `Filler words: ${f.fillersPerMinute} per minute of speaking (${plural(m.filledPauses, 'filler word')}, most often "${m.fillers[0]?.word}"). Try a short silent pause instead.`,
    );
  }
  if (m.hesitationsAndPausesPerSentence >= 1) {
    out.push(`Each sentence had ${m.hesitationsAndPausesPerSentence} hesitations or pauses on average.`);
  }
  return out.length ? out : ['Nothing stood out in this session: keep recording to follow your trends.'];
}

/** The start of the transcript, cut at a word. */
function sample(transcript: string): string {
  const words = transcript.split(/\s+/).filter(Boolean);
  return words.length > SAMPLE_WORDS ? `${words.slice(0, SAMPLE_WORDS).join(' ')}…` : words.join(' ');
}

function breakdown(m: SessionMetrics): string[] {
  return [
    `Overall: ${m.total}/100`,
    pronunciationScored(m)
      ? `Pronunciation: ${m.pronunciation}/100 (judged from all of your speech; ${m.scoredWords} of ${m.wordsSaid} words also scored sound by sound)`
      : 'Pronunciation: not scored (no word could be made out clearly enough)',
    `Fluency: ${m.fluency}/100`,
    pronunciationScored(m)
      ? `Intelligibility: ${m.intelligibility}/100 (the recogniser's transcript confidence: ${m.clarity}/100)`
      : 'Intelligibility: not scored (no word could be made out clearly enough)',
    m.wordsPerMinute === null ? 'Pace: not measured' : `Pace: ${m.wordsPerMinute} words per minute`,
    `Pauses: ${m.pauses} between words and ${m.silences} silences of 2 s or more; ${m.longPauses} pauses and silences of 0.7 s or longer in all; filler words: ${m.filledPauses}; repetitions: ${m.repetitions}`,
    `Hesitations and pauses per sentence: ${m.hesitationsAndPausesPerSentence}`,
    `Talk time: ${formatDuration(m.speakingSeconds)} (${m.speakingTimePercentage}% of the session)`,
  ];
}

/** Under 10 words: what was heard, and no verdict on scores that would rest on nothing. */
function tooLittle(speech: SessionSpeech, m: SessionMetrics): SessionSummary {
  const heard = m.wordsSaid === 0 ? 'no words' : `only ${plural(m.wordsSaid, 'word')}`;
  const blocks: Block[] = [];
  if (speech.transcript.trim())
    blocks.push({ header: SUMMARY_HEADERS.transcript, content: [sample(speech.transcript)] });
  blocks.push({
    header: SUMMARY_HEADERS.breakdown,
    content: [
      `Words recognised: ${m.wordsSaid}`,
      `Talk time: ${formatDuration(m.speakingSeconds)} (${m.speakingTimePercentage}% of the session)`,
      `Scores: not given (they need at least ${MIN_WORDS_TO_JUDGE} of your words)`,
    ],
  });
  return {
    evaluation: `We heard too little of you to judge your speaking: ${heard} in this ${formatDuration(m.durationSeconds)} session. Speak for at least a minute next time so we can score your pronunciation, fluency and pace.`,
    highlights: [
      `We recognised ${heard} in ${formatDuration(m.durationSeconds)}.`,
      `Sound was heard for ${m.speakingTimePercentage}% of the session.`,
      `Scores, pace and sounds need at least ${MIN_WORDS_TO_JUDGE} of your words.`,
    ],
    blocks,
  };
}
