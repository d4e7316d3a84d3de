/**
 * `npx tsx apps/api/bench/chat-calibrate.ts`: searches the question-type classifier's weights and
 * threshold (RECOGNISER in question-types.ts) on the tuning questions of `chat-intents.ts` only, and
 * prints the accuracy of the current setting and the best grid points.
 */
import {
  combine,
  embeddingVotes,
  type QuestionType,
  RECOGNISER,
  recogniseQuestion,
  retrievalVotes,
  ruleType,
} from '../src/modules/chat/assistant/question-types.ts';
import { INTENT_QUESTIONS } from './chat-intents.ts';

const signals: {
  q: string;
  type: QuestionType | null;
  rule: QuestionType | null;
  bm25: Map<QuestionType, number>;
  votes: NonNullable<Awaited<ReturnType<typeof embeddingVotes>>>;
}[] = [];
for (const [q, type] of INTENT_QUESTIONS) {
  const votes = await embeddingVotes(q);
  if (!votes) throw new Error('the embedding model did not load');
  signals.push({ q, type, rule: ruleType(q)?.type ?? null, bm25: retrievalVotes(q), votes });
}
function accuracy(w: typeof RECOGNISER) {
  let ok = 0;
  const misses: string[] = [];
  for (const s of signals) {
    const [best] = combine(s.rule, s.bm25, s.votes, w);
    const off = s.votes.get('none') ?? 0;
    const got =
      best.score < w.THRESHOLD || (!s.rule && off >= (s.votes.get(best.type) ?? 0)) ? null : best.type;
    if (got === s.type) ok++;
    else misses.push(`${s.q} → ${got} (want ${s.type})`);
  }
  return { ok, misses };
}
const grid = [];
for (const RULE_WEIGHT of [0, 0.1, 0.2, 0.3, 0.4, 0.6])
  for (const BM25_WEIGHT of [0, 0.05, 0.1, 0.15, 0.2, 0.3])
    for (const BM25_SCALE of [4, 8, 12])
      for (const THRESHOLD of [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
        const w = { RULE_WEIGHT, BM25_WEIGHT, BM25_SCALE, THRESHOLD };
        grid.push({ w, ok: accuracy(w).ok });
      }
grid.sort((x, y) => y.ok - x.ok);
const n = signals.length;
console.log('best settings:');
for (const g of grid.slice(0, 12)) console.log(`  ${g.ok}/${n}`, JSON.stringify(g.w));
const current = accuracy(RECOGNISER);
console.log(`current ${JSON.stringify(RECOGNISER)}: ${current.ok}/${n}`);
for (const m of current.misses) console.log(`  miss: ${m}`);
// The recogniser itself, end to end, agrees with the grid's figure.
let agree = 0;
for (const [q, type] of INTENT_QUESTIONS) if ((await recogniseQuestion(q)).type === type) agree++;
console.log(`recogniseQuestion: ${agree}/${n}`);
