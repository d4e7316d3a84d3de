import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './password.ts';
import { admins, challenges, members, teams, users } from './schema/index.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';

describe('demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the demo organisation, sign-ins and teams once', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const db = database.db;
    expect((await db.select().from(teams)).map((t) => t.name).sort()).toEqual(['Sales', 'Support']);
    const [admin] = await db.select().from(admins).where(eq(admins.email, DEMO_ACCOUNTS.admin));
    expect(admin.role).toBe('OWNER');
    expect(await verifyPassword(admin.passwordHash, DEMO_ACCOUNTS.password)).toBe(true);
    const [manager] = await db.select().from(admins).where(eq(admins.email, DEMO_ACCOUNTS.manager));
    expect(manager.role).toBe('MANAGER');
    expect(manager.memberId).not.toBeNull();
    expect(await db.select().from(members)).toHaveLength(6);
    const [coach] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.coach));
    expect(coach.availableRecordingMinutes).toBe(100);
    // The coach is a member too, so the assistant's Coaching overview has their reports to show.
    const [coachMember] = await db.select().from(members).where(eq(members.userId, coach.id));
    expect(coachMember.email).toBe(DEMO_ACCOUNTS.coach);
    expect(admin.enabledFeatures).toContain('COACHING_OVERVIEW');
    const [challenge] = await db.select().from(challenges);
    expect(challenge.code).toBe(DEMO_ACCOUNTS.candidate.testCode);

    expect(await seedDemoData(db)).toBe(false);
    expect(await db.select().from(admins)).toHaveLength(2);
  });
});
