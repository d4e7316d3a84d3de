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

const EXAMPLES: Record<QuestionType, string[]> = {
  score: [
    'what was my score in my last session',
    'how did I do in my latest meeting',
    'what is my overall score',
    'my pronunciation score',
    'fluency score intelligibility score',
    'how good is my English',
    'what score did I get',
  ],
  trend: [
    'is my score improving',
    'how have my scores changed over time',
    'show my progress trend',
    'am I getting better',
    'scores going up or down',
  ],
  'weak-sounds': [
    'which sounds should I practise this week',
    'what are my weakest sounds',
    'which phonemes do I mispronounce',
    'hardest sounds for me',
    'sounds to work on',
  ],
  'weak-words': [
    'which words do I mispronounce',
    'what words are challenging for me',
    'weakest words',
    'words I struggle to pronounce',
  ],
  compare: [
    'compare this week with last week',
    'compare last month to this month',
    'difference between this week and last week',
    'this month versus last month',
    'better or worse than last week',
  ],
  'pace-fillers': [
    'how fast do I speak',
    'what is my speaking rate words per minute',
    'how many filler words do I use',
    'do I say um and uh too much',
    'am I speaking too fast or too slow',
    'pauses and hesitations',
    'speaking pace',
  ],
  'needs-coaching': [
    'who needs coaching',
    'who on my team needs help',
    'which agents are struggling',
    'lowest scoring people on the team',
    'who should I coach this week',
    'team scores ranking',
  ],
  'qa-flags': [
    'QA red flags last week',
    'quality assurance alerts',
    'any red or yellow flags this month',
    'QA items flagged',
    'compliance issues in calls',
  ],
  'test-results': [
    'test results of candidate',
    'how did the candidate do on the English test',
    'CEFR level of candidate',
    'English test result',
    'which candidates finished their test',
  ],
  improve: [
    'how can I improve my fluency',
    'how do I improve my pronunciation',
    'tips to stop saying um',
    'how to speak more clearly',
    'exercises for the th sound',
    'what should I read to get better',
    'learning articles',
  ],
  goals: ['how am I doing on my goals', 'progress towards my goals', 'what are my goals'],
  reports: ['my latest coaching report', 'show my coaching reports', 'weekly report summary'],
  capabilities: ['what can you do', 'what can I ask', 'help', 'hello', 'hi', 'who are you'],
};

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

let exampleVectors: Promise<{ type: QuestionType; text: string; vector: number[] }[]> | null = null;

/** The example questions' vectors, computed once (a failure is retried on the next question). */
function embeddedExamples() {
  exampleVectors ??= (async () => {
    const list = QUESTION_TYPES.flatMap((type) => EXAMPLES[type].map((text) => ({ type, text })));
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

/** The example closest in meaning, or null when the model is unavailable. */
async function nearestExample(text: string) {
  try {
    const [[query], examples] = await Promise.all([sharedEmbedder().embed([text]), embeddedExamples()]);
    let best: { type: QuestionType; text: string; similarity: number } | null = null;
    for (const e of examples) {
      const similarity = cosine(query, e.vector);
      if (!best || similarity > best.similarity) best = { type: e.type, text: e.text, similarity };
    }
    return best;
  } catch {
    return null;
  }
}

/**
 * Below this cosine the nearest example is not trusted. The embedding only decides when BM25 finds no
 * example at all: with the small Universal Sentence Encoder, closeness follows topic words ("fluency")
 * more than intent ("my fluency score" came out nearest to "how can I improve my fluency"), so it
 * does not overrule a BM25 match (decision 021).
 */
const NEAR = 0.45;

/** The question type, or null when nothing matches well enough. */
export async function recogniseQuestion(text: string): Promise<{ type: QuestionType | null; via: string }> {
  for (const [pattern, type] of KEYWORDS) if (pattern.test(text)) return { type, via: `keyword ${pattern}` };
  const [best] = examplesIndex().search(text, { combineWith: 'OR' });
  if (best && best.score >= MIN_SCORE)
    return { type: best.type as QuestionType, via: `retrieval ${best.score.toFixed(2)} "${best.id}"` };
  const nearest = await nearestExample(text);
  const similar = nearest ? `embedding ${nearest.similarity.toFixed(2)} "${nearest.text}"` : 'no embedding';
  if (nearest && nearest.similarity >= NEAR) return { type: nearest.type, via: similar };
  return { type: null, via: `best score ${best?.score.toFixed(2) ?? 0}; ${similar}` };
}
