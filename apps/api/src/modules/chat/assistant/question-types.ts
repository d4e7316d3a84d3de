import MiniSearch from 'minisearch';
import { cosine, sharedEmbedder } from '../../../providers/embeddings/embedder.ts';

/**
 * Recognising what a question asks, offline: a few unambiguous keywords win outright; otherwise BM25
 * retrieval (minisearch, fuzzy and prefix so "practise"/"practice" and typos still land) over example
 * questions of each type; when BM25 finds nothing, the nearest example by sentence embedding
 * (Universal Sentence Encoder, the shared embedder) if it is close enough.
 */

export const QUESTION_TYPES = [
  'score',
  'trend',
  'weak-sounds',
  'weak-words',
  'compare',
  'pace-fillers',
  'needs-coaching',
  'qa-flags',
  'test-results',
  'improve',
  'goals',
  'reports',
  'capabilities',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * Example questions per type: what BM25 searches, and the exemplars the sentence-embedding classifier
 * compares a question with. Varied wording on purpose (short and long forms, everyday words), so that
 * nearness follows what is asked rather than one topic word.
 */
export const EXAMPLES: Record<QuestionType, string[]> = {
  score: [
    'what was my score in my last session',
    'how did I do in my latest meeting',
    'what is my overall score',
    'my pronunciation score',
    'fluency score intelligibility score',
    'how good is my English',
    'what score did I get',
    'what did I get on my most recent call',
    'how well did I speak in the last recording',
    'my results',
    'my latest numbers',
    'how was my call this morning',
    'what is my average score this month',
    'how is this person doing',
    'my fluency in the latest session',
  ],
  trend: [
    'is my score improving',
    'how have my scores changed over time',
    'show my progress trend',
    'am I getting better',
    'scores going up or down',
    'have I got worse lately',
    'how has my speaking developed since I began',
    'am I making progress',
    'is my pronunciation better than it used to be',
    'is my score going in the right direction',
  ],
  'weak-sounds': [
    'which sounds should I practise this week',
    'what are my weakest sounds',
    'which phonemes do I mispronounce',
    'hardest sounds for me',
    'sounds to work on',
    'which letters do I pronounce badly',
    'what pronunciation problems do I have',
    'which consonants are hard for me',
  ],
  'weak-words': [
    'which words do I mispronounce',
    'what words are challenging for me',
    'weakest words',
    'words I struggle to pronounce',
    'which words did I say wrong',
    'list the words I got low marks on',
  ],
  compare: [
    'compare this week with last week',
    'compare last month to this month',
    'difference between this week and last week',
    'this month versus last month',
    'better or worse than last week',
    'how does my latest session stack up against the one before',
    'was this month an improvement on the previous one',
  ],
  'pace-fillers': [
    'how fast do I speak',
    'what is my speaking rate words per minute',
    'how many filler words do I use',
    'do I say um and uh too much',
    'am I speaking too fast or too slow',
    'pauses and hesitations',
    'speaking pace',
    'do I rush when I talk',
    'how often do I hesitate',
    'my tempo',
  ],
  'needs-coaching': [
    'who needs coaching',
    'who on my team needs help',
    'which agents are struggling',
    'lowest scoring people on the team',
    'who should I coach this week',
    'team scores ranking',
    'who is underperforming',
    'which reps should I spend time with',
    'top and bottom performers',
    'who has the lowest score',
  ],
  'qa-flags': [
    'QA red flags last week',
    'quality assurance alerts',
    'any red or yellow flags this month',
    'QA items flagged',
    'compliance issues in calls',
    'which calls broke the script',
    'problem calls this week',
  ],
  'test-results': [
    'test results of candidate',
    'how did the candidate do on the English test',
    'CEFR level of candidate',
    'English test result',
    'which candidates finished their test',
    'did the applicant pass the language assessment',
    'recruitment test scores',
  ],
  improve: [
    'how can I improve my fluency',
    'how do I improve my pronunciation',
    'tips to stop saying um',
    'how to speak more clearly',
    'exercises for the th sound',
    'what should I read to get better',
    'learning articles',
    'help me fix my accent',
    'I want to sound more confident on calls',
    'any advice for presenting',
    'how do I practise intonation',
    'how do I get rid of my accent',
  ],
  goals: [
    'how am I doing on my goals',
    'progress towards my goals',
    'what are my goals',
    'am I on track with what I set out to do',
  ],
  reports: [
    'my latest coaching report',
    'show my coaching reports',
    'weekly report summary',
    'open my weekly feedback summary',
  ],
  capabilities: [
    'what can you do',
    'what can I ask',
    'help',
    'hello',
    'hi',
    'who are you',
    'what kind of questions do you answer',
    'how does this chat work',
  ],
};

/**
 * Questions outside what the assistant answers, as exemplars of "none": a question nearer to these
 * than to any type is not answered with data (it gets the list of what can be asked).
 */
export const OFF_TOPIC = [
  'what is the capital of France',
  'what is the weather tomorrow',
  'tell me a joke',
  'write me an email to a customer',
  'translate this sentence into Spanish',
  'who won the football game',
  'what is the meaning of life',
  'write some code in python',
  'book a meeting room for me',
  'what time is it in Tokyo',
];

/** Words that settle the type on their own, checked before retrieval. */
const KEYWORDS: [RegExp, QuestionType][] = [
  [/\b(qa|quality assurance|red flags?|yellow flags?|flagged)\b/i, 'qa-flags'],
  [
    /\b(compare|comparison|compared|versus|vs\.?|(better|worse) than|than the (one|session|meeting|call) before)\b/i,
    'compare',
  ],
  [/\b(cefr|english test|test results?|candidates?)\b/i, 'test-results'],
  [/\bneeds? coaching\b|\bwho (should|needs|is struggling)\b/i, 'needs-coaching'],
  [
    /\b(how (can|do|should) (i|we|they|he|she) (get better|improve|stop|practi[sc]e)|how to (improve|stop|practi[sc]e)|tips?|advice|advise|exercises?|articles?|what can (i|we|they) do|\b(should|could|can)\b.{0,25}\bread|mix(ing)? up|confus(e|ing)|learn (about|more)|where can (i|we) (learn|read|find))\b/i,
    'improve',
  ],
  [
    /\b(words per minute|wpm|speaking rate|too (fast|quick(ly)?|slow(ly)?)|fillers?|filler words|um+|uh+)\b/i,
    'pace-fillers',
  ],
  [/\b(trend|improving|progress(ed)?|getting better|over time|gone (up|down))\b/i, 'trend'],
  [/\b(sounds?|phonemes?|consonants?|vowels?)\b/i, 'weak-sounds'],
  [
    /\bwords?\b.*\b(mispronounce|challenging|difficult|hard|struggle|weak|wrong|trouble|problems?)|\b(mispronounce|weakest words)\b|\b(lowest|worst|weakest|hardest)\b.{0,20}\bwords?\b/i,
    'weak-words',
  ],
  [/\bgoals?\b/i, 'goals'],
  [/\b(coaching )?reports?\b/i, 'reports'],
  [/\b(pronunciation|fluency|intelligibility|overall) (score|result|number|mark|grade)s?\b/i, 'score'],
  [/\bhow (is|are|am|was|were) .{0,60}\bdo(ing)?\b|\bhow did .{0,60}\b(do|go)\b/i, 'score'],
  // An average over one window is a score question; two windows are caught by compare above.
  [/\baverages?\b/i, 'score'],
  [/\bmy (results?|scores?|numbers|figures|marks?)\b/i, 'score'],
];

/** Questions about a score or its course, which two named periods turn into a comparison. */
export const isScoreType = (type: QuestionType | null) => type === 'score' || type === 'trend';

let index: MiniSearch<{ id: number; type: QuestionType; text: string }> | null = null;

function examplesIndex() {
  if (index) return index;
  const search = new MiniSearch<{ id: number; type: QuestionType; text: string }>({
    fields: ['text'],
    storeFields: ['type'],
    processTerm,
    searchOptions: { fuzzy: (term) => (term.length >= 5 ? 0.2 : false), prefix: (term) => term.length >= 4 },
  });
  let id = 0;
  for (const type of QUESTION_TYPES) for (const text of EXAMPLES[type]) search.add({ id: id++, type, text });
  index = search;
  return search;
}

const STOP_WORDS = new Set(
  'the a an my me i is are was were do did does of in on to for what how which and you your it this that be can could should would will with about tell write give at by from or so'.split(
    ' ',
  ),
);
/** Lower-cased terms without stop words, for the index and the query alike. */
const processTerm = (term: string) => {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) ? null : t;
};
/** Below this BM25 score a match is too weak to trust: the question is treated as unknown. */
const MIN_SCORE = 4;

let exampleVectors: Promise<{ type: QuestionType | null; text: string; vector: number[] }[]> | null = null;

/** The exemplars' vectors (off-topic ones with type null), computed once (a failure is retried). */
function embeddedExamples() {
  exampleVectors ??= (async () => {
    const list = [
      ...QUESTION_TYPES.flatMap((type) => EXAMPLES[type].map((text) => ({ type, text }))),
      ...OFF_TOPIC.map((text) => ({ type: null, text })),
    ];
    const vectors = await sharedEmbedder().embed(list.map((x) => x.text));
    return list.map((x, i) => ({ ...x, vector: vectors[i] }));
  })().catch((error: unknown) => {
    exampleVectors = null;
    throw error;
  });
  return exampleVectors;
}

/**
 * Starts loading the embedding model and the examples' vectors without waiting (when the chat opens),
 * so the first question does not pay for it.
 */
export function warmRecogniser() {
  embeddedExamples().catch(() => undefined);
}

/** Type key of the off-topic exemplars in the similarity map. */
const NONE = 'none';
type Votes = Map<QuestionType | typeof NONE, number>;

/**
 * Per type, the mean cosine of the question to its two nearest exemplars (one exemplar alone is
 * noisy), and the same for the off-topic exemplars; null when the model is unavailable.
 */
export async function embeddingVotes(text: string): Promise<Votes | null> {
  try {
    const [[query], examples] = await Promise.all([sharedEmbedder().embed([text]), embeddedExamples()]);
    const byType = new Map<QuestionType | typeof NONE, number[]>();
    for (const e of examples) {
      const key = e.type ?? NONE;
      const list = byType.get(key) ?? [];
      list.push(cosine(query, e.vector));
      byType.set(key, list);
    }
    const votes: Votes = new Map();
    for (const [key, sims] of byType) {
      const top = sims.sort((x, y) => y - x).slice(0, 2);
      votes.set(key, top.reduce((sum, x) => sum + x, 0) / top.length);
    }
    return votes;
  } catch {
    return null;
  }
}

/** The first keyword rule's type, if any. */
export function ruleType(text: string): { type: QuestionType; pattern: RegExp } | null {
  for (const [pattern, type] of KEYWORDS) if (pattern.test(text)) return { type, pattern };
  return null;
}

/** The best BM25 score of each type's examples. */
export function retrievalVotes(text: string): Map<QuestionType, number> {
  const votes = new Map<QuestionType, number>();
  for (const hit of examplesIndex().search(text, { combineWith: 'OR' })) {
    const type = hit.type as QuestionType;
    if (!votes.has(type)) votes.set(type, hit.score);
  }
  return votes;
}

/**
 * How the three signals are combined (decision 021): a type's score is its embedding similarity, plus
 * RULE_WEIGHT when a keyword rule names it, plus BM25_WEIGHT × its BM25 score / BM25_SCALE (capped
 * at 1). The best type is answered when its score reaches THRESHOLD and beats the off-topic exemplars;
 * otherwise the question is not understood and the reply lists what can be asked. The weights and the
 * threshold were calibrated on the tuning questions (`bench/chat-intents.ts`), never on held-out sets.
 */
export const RECOGNISER = { RULE_WEIGHT: 0.1, BM25_WEIGHT: 0.2, BM25_SCALE: 8, THRESHOLD: 0.55 };

/** Type scores from the three signals (exported for the calibration in the bench). */
export function combine(
  rule: QuestionType | null,
  bm25: Map<QuestionType, number>,
  votes: Votes,
  weights = RECOGNISER,
) {
  return QUESTION_TYPES.map((type) => ({
    type,
    score:
      (votes.get(type) ?? 0) +
      (rule === type ? weights.RULE_WEIGHT : 0) +
      weights.BM25_WEIGHT * Math.min(1, (bm25.get(type) ?? 0) / weights.BM25_SCALE),
  })).sort((x, y) => y.score - x.score);
}

/** The question type, or null when nothing matches well enough. */
export async function recogniseQuestion(text: string): Promise<{ type: QuestionType | null; via: string }> {
  const rule = ruleType(text);
  const bm25 = retrievalVotes(text);
  const votes = await embeddingVotes(text);
  if (!votes) {
    // Without the model (it failed to load): the rules, then BM25 alone.
    if (rule) return { type: rule.type, via: `keyword ${rule.pattern}` };
    const [best] = [...bm25.entries()].sort((x, y) => y[1] - x[1]);
    if (best && best[1] >= MIN_SCORE) return { type: best[0], via: `retrieval ${best[1].toFixed(2)}` };
    return { type: null, via: `no embedding; best retrieval ${best?.[1].toFixed(2) ?? 0}` };
  }
  const [best, second] = combine(rule?.type ?? null, bm25, votes);
  const offTopic = votes.get(NONE) ?? 0;
  const via = `${best.type} ${best.score.toFixed(2)} (embedding ${(votes.get(best.type) ?? 0).toFixed(2)}${rule ? `, rule ${rule.type}` : ''}${bm25.has(best.type) ? `, bm25 ${bm25.get(best.type)?.toFixed(1)}` : ''}); next ${second.type} ${second.score.toFixed(2)}; off-topic ${offTopic.toFixed(2)}`;
  if (best.score < RECOGNISER.THRESHOLD || (!rule && offTopic >= (votes.get(best.type) ?? 0)))
    return { type: null, via };
  return { type: best.type, via };
}

/** Where one question turns into the next: "…? …", "; ", ", and how…", " and which…". */
const CLAUSE_BREAK =
  /\?\s+(?=\S)|;\s*|,?\s+(?:and|also|plus)\s+(?=(?:what|which|how|who|is|are|am|do|does|did|can|could|should|where|when|tell|show|give|list)\b)|,\s+(?=(?:what|which|how|who|where|when|tell|show|give|list)\b)/i;

/**
 * A question asking two things ("What's my score and which sounds should I work on?"): its clauses,
 * when each is understood on its own and they ask different things; otherwise the question whole.
 */
export async function questionParts(text: string): Promise<string[]> {
  const clauses = text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 3);
  if (clauses.length < 2 || clauses.length > 3) return [text];
  const types = await Promise.all(clauses.map((c) => recogniseQuestion(c)));
  const distinct = new Set(types.map((t) => t.type));
  if (types.some((t) => !t.type || t.type === 'capabilities') || distinct.size < clauses.length)
    return [text];
  return clauses;
}
