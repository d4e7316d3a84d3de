import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { buildAdmin, buildManager, buildTeam, buildUser } from './factories.ts';

describe('test database', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('gives every caller its own migrated database', async () => {
    const user = await buildUser(first.db, { email: 'only-here@example.com' });
    expect(user.availableRecordingMinutes).toBe(100);
    expect(await first.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await second.db.select().from(users)).toHaveLength(0);
  });

  it('enforces unique e-mails for coach users', async () => {
    await buildUser(first.db, { email: 'dup@example.com' });
    await expect(buildUser(first.db, { email: 'dup@example.com' })).rejects.toThrow();
  });

  it('builds managers linked to the teams they manage', async () => {
    const owner = await buildAdmin(first.db);
    const team = await buildTeam(first.db, { orgId: owner.orgId, name: 'Sales' });
    const manager = await buildManager(first.db, { orgId: owner.orgId, teamIds: [team.id] });
    expect(manager.role).toBe('MANAGER');
    expect(manager.memberId).toBeTruthy();
  });
});
