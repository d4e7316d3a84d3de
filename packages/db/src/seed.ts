import { count } from 'drizzle-orm';
import type { Database } from './client.ts';
import { hashPassword } from './password.ts';
import {
  admins,
  candidates,
  challenges,
  members,
  organisations,
  teamMemberships,
  teams,
  users,
} from './schema/index.ts';
import { fullProductAccess } from './testing/factories.ts';

/**
 * Demo sign-ins printed at start (README and e2e tests use them). `password` is the well-known
 * development one; production seeds with the operator's DEMO_PASSWORD or a random one instead.
 */
export const DEMO_ACCOUNTS = {
  password: 'Agaton123',
  admin: 'admin@agaton.local',
  manager: 'manager@agaton.local',
  coach: 'coach@agaton.local',
  candidate: { email: 'candidate@agaton.local', testCode: 'DEMO-TEST-1' },
  organisation: 'Northwind Demo',
} as const;

/**
 * Creates the demo organisation (admin, manager of "Sales", members in "Sales" and "Support"), a coach
 * user and a candidate with a test code — only when the database has no organisation and no user yet.
 * Returns whether anything was created. `password` defaults to the well-known DEMO_ACCOUNTS.password.
 */
export async function seedDemoData(db: Database, options: { password?: string } = {}): Promise<boolean> {
  const [{ orgs }] = await db.select({ orgs: count() }).from(organisations);
  const [{ people }] = await db.select({ people: count() }).from(users);
  if (orgs > 0 || people > 0) return false;
  const passwordHash = await hashPassword(options.password ?? DEMO_ACCOUNTS.password);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({
        name: DEMO_ACCOUNTS.organisation,
        industry: 'Technology',
        department: 'Sales B2B',
        productAccess: fullProductAccess(),
      })
      .returning();
    const [sales, support] = await tx
      .insert(teams)
      .values([
        { orgId: org.id, name: 'Sales' },
        { orgId: org.id, name: 'Support' },
      ])
      .returning();
    type Role = 'MANAGER' | 'REGULAR_MEMBER';
    const people: { name: string; email: string; team: typeof sales; orgRole?: Role; role?: Role }[] = [
      {
        name: 'Morgan Manager',
        email: DEMO_ACCOUNTS.manager,
        orgRole: 'MANAGER',
        team: sales,
        role: 'MANAGER',
      },
      { name: 'Sam Seller', email: 'sam@agaton.local', team: sales },
      { name: 'Riley Rep', email: 'riley@agaton.local', team: sales },
      { name: 'Parker Support', email: 'parker@agaton.local', team: support },
      { name: 'Jordan Helpdesk', email: 'jordan@agaton.local', team: support },
    ];
    const memberRows = await tx
      .insert(members)
      .values(
        people.map((p) => ({
          orgId: org.id,
          name: p.name,
          email: p.email,
          orgRole: p.orgRole ?? 'REGULAR_MEMBER',
          hasLicense: true,
        })),
      )
      .returning();
    await tx.insert(teamMemberships).values(
      memberRows.map((m, i) => ({
        memberId: m.id,
        teamId: people[i].team.id,
        teamRole: people[i].role ?? 'REGULAR_MEMBER',
      })),
    );
    const positions = ['Sales representative', 'Customer support agent'];
    await tx.insert(admins).values([
      {
        orgId: org.id,
        email: DEMO_ACCOUNTS.admin,
        passwordHash,
        // Seeded accounts are created verified (an identity provider may link to them by e-mail).
        emailVerifiedAt: new Date(),
        name: 'Avery Admin',
        firstName: 'Avery',
        lastName: 'Admin',
        role: 'OWNER',
        availablePositions: positions,
        // Every tab of the assistant area (spec 3 §2.1) but the developer tools.
        enabledFeatures: [
          'USER_MANAGEMENT',
          'COACHING_OVERVIEW',
          'CHAT_ASSISTANT',
          'QA_DASHBOARD',
          'QA_ALERTS',
          'QUESTION_MANAGEMENT',
        ],
      },
      {
        orgId: org.id,
        email: DEMO_ACCOUNTS.manager,
        passwordHash,
        // Seeded accounts are created verified (an identity provider may link to them by e-mail).
        emailVerifiedAt: new Date(),
        name: 'Morgan Manager',
        firstName: 'Morgan',
        lastName: 'Manager',
        role: 'MANAGER',
        memberId: memberRows[0].id,
        availablePositions: positions,
        // The Coaching overview and call QA of the Sales team they manage.
        enabledFeatures: ['COACHING_OVERVIEW', 'QA_DASHBOARD', 'QA_ALERTS'],
      },
    ]);
    const [coach] = await tx
      .insert(users)
      .values({
        email: DEMO_ACCOUNTS.coach,
        passwordHash,
        // Seeded accounts are created verified (an identity provider may link to them by e-mail).
        emailVerifiedAt: new Date(),
        firstName: 'Casey',
        lastName: 'Coach',
        enabledFeatures: ['WEB_APP_RECORDING', 'ASSISTANT_CHAT'],
        planStatus: 'TRIALING',
        trialStart: new Date(),
        availableRecordingMinutes: 100,
      })
      .returning();
    // The demo coach is also a Sales member, so the assistant's Coaching overview shows the coaching
    // reports their seeded sessions produce.
    const [coachMember] = await tx
      .insert(members)
      .values({
        orgId: org.id,
        name: 'Casey Coach',
        email: DEMO_ACCOUNTS.coach,
        userId: coach.id,
        hasLicense: true,
      })
      .returning();
    await tx.insert(teamMemberships).values({ memberId: coachMember.id, teamId: sales.id });
    const [candidate] = await tx
      .insert(candidates)
      .values({
        orgId: org.id,
        name: 'Charlie Candidate',
        email: DEMO_ACCOUNTS.candidate.email,
        position: positions[0],
        // In Sales, so the demo manager (who manages Sales) sees the candidate too.
        department: sales.name,
        teamId: sales.id,
      })
      .returning();
    // The demo code does not run out like a sent test (14 days) would, so a kept data folder keeps a
    // working demo. No content snapshot: the test is drawn from the organisation's content for the
    // position at the first sign-in.
    await tx.insert(challenges).values({
      orgId: org.id,
      candidateId: candidate.id,
      code: DEMO_ACCOUNTS.candidate.testCode,
      position: positions[0],
      expiresAt: new Date('2100-01-01T00:00:00Z'),
    });
  });
  return true;
}
