import type { PracticeWord } from '@agaton/contracts';
import { candidates, practiceAttempts } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import type { TestApp } from '../../testing/test-app.ts';
import type { InsightAttempt } from './training-insights-builder.ts';

type AttemptRow = typeof practiceAttempts.$inferInsert;

/** A scored word: one phoneme per letter group given, e.g. word('think', 60, [['θ', 40], ['ɪ', 90]]). */
export function word(text: string, score: number, phonemes: [string, number][] = []): PracticeWord {
  return { word: text, score, phonemes: phonemes.map(([ipa, s]) => ({ ipa, score: s })) };
}

/** Realistic figures of one scored reading of "I think the weather is lovely today." */
export function attemptFigures(overrides: Partial<InsightAttempt> = {}): Omit<InsightAttempt, 'candidateId'> {
  return {
    kind: 'reading',
    topic: 'Customer Service',
    level: 'MEDIUM',
    itemId: 'r-MEDIUM-0',
    overallScore: 82,
    pronunciation: 85,
    fluency: 78,
    contentScore: 96,
    wordsPerMinute: 124,
    wordsSaid: 12,
    pauses: 1,
    hesitations: 0,
    silences: 0,
    studySeconds: 90,
    words: [
      word('I', 100, [['aɪ', 100]]),
      word('think', 71, [
        ['θ', 45],
        ['ɪ', 92],
        ['ŋ', 88],
        ['k', 100],
      ]),
      word('weather', 88, [
        ['w', 99],
        ['ɛ', 90],
        ['ð', 70],
        ['ɚ', 95],
      ]),
      word('lovely', 99, [
        ['l', 100],
        ['ʌ', 98],
        ['v', 99],
        ['l', 100],
        ['i', 99],
      ]),
    ],
    createdAt: new Date('2026-12-02T10:00:00Z'),
    ...overrides,
  };
}

/** A trainee of the organisation: a coach account and the candidate row (Training), as acceptance leaves them. */
export async function buildTrainee(
  t: TestApp,
  options: {
    orgId: string;
    name: string;
    teamId?: string | null;
    traineeStatus?: 'InvitePending' | 'Training';
  },
) {
  const email = `${options.name.toLowerCase().replace(/\W+/g, '.')}@trainee.example`;
  const user = await buildUser(t.db, { email, firstName: options.name });
  const [candidate] = await t.db
    .insert(candidates)
    .values({
      orgId: options.orgId,
      name: options.name,
      email,
      teamId: options.teamId ?? null,
      isRecruit: false,
      isTrainee: true,
      traineeStatus: options.traineeStatus ?? 'Training',
      userId: user.id,
    })
    .returning();
  return { user, candidate };
}

/** Stores practice attempts of a trainee straight in the table (what POST /api/practice/attempts writes). */
export async function insertAttempts(
  t: TestApp,
  trainee: { user: { id: string }; candidate: { id: string; orgId: string } },
  attempts: Partial<InsightAttempt>[],
) {
  if (attempts.length === 0) return;
  const rows: AttemptRow[] = attempts.map((overrides) => {
    const figures = attemptFigures(overrides);
    return {
      ...figures,
      kind: figures.kind as AttemptRow['kind'],
      level: figures.level as AttemptRow['level'],
      userId: trainee.user.id,
      orgId: trainee.candidate.orgId,
      candidateId: trainee.candidate.id,
      prompt: 'I think the weather is lovely today.',
      audioSeconds: 5.8,
      transcript: 'I think the weather is lovely today',
      response: {},
    };
  });
  await t.db.insert(practiceAttempts).values(rows);
}
