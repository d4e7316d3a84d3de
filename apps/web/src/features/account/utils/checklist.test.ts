import type { Admin, Candidate } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { buildChecklist } from './checklist';

const none = { haveAccess: false, status: 'trial-available' as const };
const ADMIN: Admin = {
  id: 'a',
  name: 'Ada Lovelace',
  email: 'ada@engines.example',
  organizationInfo: { id: 'o', name: 'Engines', industry: null, department: null, managedTeams: [] },
  productAccess: { aiCoach: none, recruitment: none, onboarding: none, training: none },
  availablePositions: [],
  enabledFeatures: [],
};

function candidate(
  overrides: Partial<Candidate> = {},
  completedAt: string | null = null,
  tests = 1,
): Candidate {
  return {
    identityId: 'c',
    name: 'Cand',
    email: 'c@x.example',
    position: null,
    level: null,
    department: null,
    isRecruit: true,
    isTrainee: false,
    recruitInfo: {
      challengesMeta: Array.from({ length: tests }, (_, i) => ({
        id: `ch${i}`,
        createTime: '2026-11-01T00:00:00.000Z',
        completedAt,
        code: 'CODE',
        isExpired: false,
        expiresAt: '2026-11-15T00:00:00.000Z',
        resultCefr: null,
      })),
    },
    traineeInfo: { traineeStatus: 'NotInvited' },
    aiCoachInfo: { astridIdentityId: null, teams: [] },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  } as Candidate;
}

const doneKeys = (items: ReturnType<typeof buildChecklist>) => items.filter((i) => i.done).map((i) => i.key);

describe('onboarding checklist', () => {
  it('a new workspace has only its name', () => {
    expect(doneKeys(buildChecklist({ admin: ADMIN, teams: [], candidates: [] }))).toEqual(['name']);
  });

  it('a trial, a team, a sent test and an invited trainee tick their items; an open test is no result yet', () => {
    const admin = {
      ...ADMIN,
      productAccess: {
        ...ADMIN.productAccess,
        recruitment: { haveAccess: false, status: 'trial-active' as const },
      },
    };
    const items = buildChecklist({
      admin,
      teams: [{ id: 't', name: 'Sales' } as never],
      candidates: [
        candidate(),
        candidate(
          { isRecruit: false, isTrainee: true, traineeInfo: { traineeStatus: 'InvitePending' } },
          null,
          0,
        ),
      ],
    });
    expect(doneKeys(items)).toEqual(['access', 'team', 'candidate', 'test', 'trainee', 'name']);
  });

  it('a completed test is a first result; a candidate without a test is not a sent test', () => {
    expect(
      doneKeys(buildChecklist({ admin: ADMIN, teams: [], candidates: [candidate({}, null, 0)] })),
    ).toEqual(['candidate', 'name']);
    // Added on the English Test without sending the test (isRecruit stays false until one is sent).
    const added = candidate({ isRecruit: false }, null, 0);
    expect(doneKeys(buildChecklist({ admin: ADMIN, teams: [], candidates: [added] }))).toEqual([
      'candidate',
      'name',
    ]);
    const done = doneKeys(
      buildChecklist({ admin: ADMIN, teams: [], candidates: [candidate({}, '2026-11-02T00:00:00.000Z')] }),
    );
    expect(done).toContain('result');
  });
});
