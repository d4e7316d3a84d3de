/** Best demo scores per task, kept in localStorage (spec 3 section 3.10). */
export interface ReadingBest {
  _id: string;
  overall_score: number;
}
export interface FreeSpeechBest {
  _id: string;
  overall_score: number;
  believabilityScore: { transcriptConfidence: { value: number } };
}
export interface DemoScores {
  reading: Record<string, ReadingBest>;
  freeSpeech: Record<string, FreeSpeechBest>;
}

export const DEMO_SCORES_KEY = 'agaton.demo.scores';

export function loadDemoScores(storage: Storage = localStorage): DemoScores {
  try {
    const parsed = JSON.parse(storage.getItem(DEMO_SCORES_KEY) ?? 'null') as Partial<DemoScores> | null;
    return { reading: parsed?.reading ?? {}, freeSpeech: parsed?.freeSpeech ?? {} };
  } catch {
    // A corrupt entry must not break the demo: start from scratch.
    return { reading: {}, freeSpeech: {} };
  }
}

/**
 * Saves a score only if it is not worse than the stored one (spec 3 section 5). Returns the best
 * score now stored for the task.
 */
export function saveIfBetter<K extends keyof DemoScores>(
  kind: K,
  entry: DemoScores[K][string],
  storage: Storage = localStorage,
): DemoScores[K][string] {
  const scores = loadDemoScores(storage);
  const previous = scores[kind][entry._id];
  if (previous && previous.overall_score > entry.overall_score) return previous as DemoScores[K][string];
  (scores[kind] as Record<string, DemoScores[K][string]>)[entry._id] = entry;
  storage.setItem(DEMO_SCORES_KEY, JSON.stringify(scores));
  return entry;
}
