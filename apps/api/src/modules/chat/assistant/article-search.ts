import type { ArticleLink } from '@agaton/contracts';
import MiniSearch from 'minisearch';
import { cosine, sharedEmbedder } from '../../../providers/embeddings/embedder.ts';
import { articleLibrary } from '../../articles/index.ts';

type Doc = { id: string; title: string; summary: string; tags: string; content: string };
let index: MiniSearch<Doc> | null = null;

function docs(): Doc[] {
  return articleLibrary().articles.map((a) => ({
    id: a.slug,
    title: a.title,
    summary: a.summary,
    tags: a.tags.join(' '),
    content: a.content,
  }));
}

/** BM25 over the shipped learning articles (title and tags weigh most), built on first use. */
function articlesIndex() {
  if (index) return index;
  const search = new MiniSearch<Doc>({
    fields: ['title', 'summary', 'tags', 'content'],
    storeFields: ['title'],
    searchOptions: { boost: { title: 3, tags: 3, summary: 2 }, fuzzy: 0.15, prefix: true },
  });
  search.addAll(docs());
  index = search;
  return search;
}

const NOISE =
  /\b(how|can|could|do|does|i|my|me|to|improve|better|get|tips?|what|should|read|the|a|on|for|with|learn)\b/gi;

/**
 * Everyday words for the articles' topics, added to the BM25 query: learners describe the problem
 * ("I rush", "I sound flat"), the articles name the skill (pace, intonation).
 */
const TOPICS: [RegExp, string][] = [
  [/\b(rush\w*|fast|quick(ly)?|slow(ly| down)?|speed)\b/i, 'pace pauses'],
  [/\b(um+|uh+|erm|you know|filler\w*)\b/i, 'fillers'],
  [/\b(flat|monoton\w*|boring|robotic|melody|tone)\b/i, 'intonation stress'],
  [/\b(emphasis|emphasi[sz]e|syllables?)\b/i, 'stress'],
  [/\b(exams?|ielts|toefl|interview|assessment)\b/i, 'test-prep'],
  [/\b(meetings?|calls?|interrupt\w*)\b/i, 'meetings'],
];

/**
 * Reciprocal rank fusion: a document's score is Σ 1 / (K + rank) over the two rankings. The usual 60
 * suits long result lists; with 14 articles it flattens the ranks into a vote count, so a small K
 * (chosen among 1, 3 and 10 on bench:chat's article questions) lets the first places weigh.
 */
const K = 3;
/** Below this cosine an article is not about the question, however it ranks. */
const MIN_SIMILARITY = 0.25;

/** Each article's similarity to the question (title and summary), or null without the model. */
async function similarities(question: string): Promise<Map<string, number> | null> {
  try {
    const all = docs();
    const vectors = await sharedEmbedder().embed([
      question,
      ...all.map((d) => `${d.title}. ${d.tags}. ${d.summary}`),
    ]);
    return new Map(all.map((d, i) => [d.id, cosine(vectors[0], vectors[i + 1])]));
  } catch {
    return null;
  }
}

/**
 * The articles a question asks about, best first: BM25 and sentence-embedding similarity fused by
 * rank, so an exact word ("IELTS") and a paraphrase ("monotone" for intonation) both find theirs.
 * Without the embedding model (or with `embeddings: false`, for the benchmark), BM25 alone.
 */
export async function searchArticles(
  question: string,
  options: { limit?: number; embeddings?: boolean } = {},
): Promise<ArticleLink[]> {
  const limit = options.limit ?? 3;
  const stripped = question.replace(NOISE, ' ').trim();
  const topics = TOPICS.filter(([pattern]) => pattern.test(question)).map(([, words]) => words);
  const query = [stripped, ...topics].join(' ').trim();
  if (!query) return [];
  const bm25 = articlesIndex().search(query, { combineWith: 'OR' });
  const titles = new Map(articleLibrary().articles.map((a) => [a.slug, a.title]));
  const similar = options.embeddings === false ? null : await similarities(question);
  if (!similar) return bm25.slice(0, limit).map((r) => ({ slug: r.id as string, title: r.title as string }));
  const fused = new Map<string, number>();
  for (const [rank, r] of bm25.entries()) fused.set(r.id as string, 1 / (K + rank));
  const close = [...similar.entries()].filter(([, s]) => s >= MIN_SIMILARITY).sort((x, y) => y[1] - x[1]);
  for (const [rank, [slug]] of close.entries()) fused.set(slug, (fused.get(slug) ?? 0) + 1 / (K + rank));
  return [...fused.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, limit)
    .map(([slug]) => ({ slug, title: titles.get(slug) ?? slug }));
}
