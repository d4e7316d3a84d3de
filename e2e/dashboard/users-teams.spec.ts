import { messages, PLAN_TEXTS } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ORG_LABELS } from '../../apps/web/src/features/org-admin/texts';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/users-teams-${name}.png`, fullPage: true });

async function signIn(
  page: Page,
  account: { email: string; password: string },
  path = '/dashboard/assistant',
) {
  await storeTokens(page, 'admin', await adminSession(page.request, account.email, account.password));
  await page.goto(path);
  // The first page of a session waits for its token; a busy server takes its time.
  await expect(page.getByRole('heading', { name: ORG_LABELS.pageTitle, exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

/** The big number of a card. */
const count = async (page: Page, card: string) =>
  Number((await page.getByTestId(card).getByTestId('count').textContent())?.trim());
const row = (page: Page, text: string) => page.getByTestId('member-row').filter({ hasText: text });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Puts the demo's Jordan back in Support only, so later journeys see the seeded teams. */
async function restoreJordan(page: Page) {
  const { accessToken } = await adminSession(page.request, seeded.admin.email, seeded.admin.password);
  const headers = { authorization: `Bearer ${accessToken}` };
  const admin = await (await page.request.get('/api/admin', { headers })).json();
  const base = `/api/astridorg/${admin.organizationInfo.id}`;
  const list = await page.request.post(`${base}/members/list`, { headers, data: { query: 'jordan@' } });
  const [jordan] = (await list.json()).members;
  const support = jordan.teams.find((t: { teamName: string }) => t.teamName === 'Support');
  const res = await page.request.put(`${base}/members/${jordan.astridIdentityId}`, {
    headers,
    data: { name: 'Jordan Helpdesk', orgRole: 'REGULAR_MEMBER', teams: [support], hasLicense: true },
  });
  expect(res.status()).toBe(200);
}

test.describe('Users, teams and licences', () => {
  test('the demo admin edits a user, and archives and unarchives one', async ({ page }) => {
    await signIn(page, seeded.admin);
    const jordan = row(page, 'jordan@agaton.local');
    await expect(jordan).toContainText('Support');
    // The cards load apart from the table (slower while the server analyses the demo sessions).
    await expect(page.getByTestId('card-total-users').getByTestId('count')).toHaveText(/^\d+$/);
    const licences = await count(page, 'card-active-licenses');
    const users = await count(page, 'card-total-users');
    expect(licences).toBeGreaterThanOrEqual(5);
    expect(users).toBeGreaterThanOrEqual(licences);
    await shot(page, 'admin-tab');

    // Edit: a malformed e-mail is refused; a name, the Sales team as manager, then saved.
    await jordan.getByRole('button', { name: `${ORG_LABELS.edit} Jordan Helpdesk` }).click();
    const edit = dialog(page, ORG_LABELS.editUser);
    await edit.getByLabel(ORG_LABELS.email).fill('jordan@agaton');
    await edit.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(edit.getByText(messages.validation.invalidEmail)).toBeVisible();
    await edit.getByLabel(ORG_LABELS.email).fill('jordan@agaton.local');
    await edit.getByLabel(ORG_LABELS.name).fill('Jordan Help');
    await edit.getByRole('button', { name: ORG_LABELS.addTeamRow }).click();
    await edit.getByRole('combobox', { name: `${ORG_LABELS.team} 2` }).click();
    await page.getByRole('option', { name: 'Sales', exact: true }).click();
    await edit.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(edit.getByText(messages.validation.teamRoleMissing)).toBeVisible();
    await edit.getByRole('combobox', { name: `${ORG_LABELS.teamRole} 2` }).click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    await edit.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(edit).toBeHidden();
    const edited = row(page, 'jordan@agaton.local');
    await expect(edited).toContainText('Jordan Help');
    await expect(edited).toContainText('Sales · Manager');
    // Found by its new team.
    await page.getByRole('combobox', { name: ORG_LABELS.team }).click();
    await page.getByRole('option', { name: 'Sales', exact: true }).click();
    await expect(row(page, 'jordan@agaton.local')).toBeVisible();
    await expect(row(page, 'parker@agaton.local')).toHaveCount(0);
    await page.reload();
    await expect(row(page, 'jordan@agaton.local')).toContainText('Sales · Manager');

    // Archive Riley: the licence goes, the row leaves the list, and comes back with 'Include archived'.
    await page.getByLabel(ORG_LABELS.search).fill('riley');
    const riley = row(page, 'riley@agaton.local');
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await riley.getByRole('button', { name: `${ORG_LABELS.archive} Riley Rep` }).click();
    const confirm = dialog(page, ORG_LABELS.archiveTitle('Riley Rep'));
    await expect(confirm).toContainText(ORG_LABELS.archiveBody);
    await confirm.getByRole('button', { name: ORG_LABELS.archive, exact: true }).click();
    await expect(page.getByText('No users available')).toBeVisible();
    await expect.poll(() => count(page, 'card-active-licenses')).toBe(licences - 1);
    await expect.poll(() => count(page, 'card-total-users')).toBe(users - 1);
    await page.getByLabel(ORG_LABELS.includeArchived).check();
    await expect(riley).toContainText(ORG_LABELS.archived);
    await expect(riley.getByRole('button', { name: `${ORG_LABELS.edit} Riley Rep` })).toBeDisabled();
    await shot(page, 'archived-row');

    // Unarchive: back without a licence; Coaching On gives it back.
    await riley.getByRole('button', { name: `${ORG_LABELS.unarchive} Riley Rep` }).click();
    await dialog(page, ORG_LABELS.unarchiveTitle('Riley Rep'))
      .getByRole('button', { name: ORG_LABELS.unarchive, exact: true })
      .click();
    await expect(riley).toContainText(ORG_LABELS.noLicense);
    await expect.poll(() => count(page, 'card-total-users')).toBe(users);
    await expect.poll(() => count(page, 'card-active-licenses')).toBe(licences - 1);
    const coaching = riley.getByRole('switch', { name: ORG_LABELS.coachingToggle('Riley Rep') });
    await expect(coaching).not.toBeChecked();
    await coaching.click();
    await expect(page.getByText(messages.org.updateUser)).toHaveCount(0);
    await expect(coaching).toBeChecked();
    await expect(riley).toContainText(ORG_LABELS.licensed);
    await expect.poll(() => count(page, 'card-active-licenses')).toBe(licences);
    await expect(page.getByText(PLAN_TEXTS.limitLicenses)).toHaveCount(0);
    await restoreJordan(page);
  });

  test('the demo admin creates, renames and deletes a team in the Teams dialog', async ({ page }) => {
    await signIn(page, seeded.admin, '/dashboard/assistant?tab=users');
    await expect(page.getByRole('tab', { name: ORG_LABELS.tabUserManagement })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('team-card').filter({ hasText: 'Support' })).toContainText(
      'Parker Support',
    );
    await page.getByRole('button', { name: ORG_LABELS.manageTeams }).click();
    const teams = dialog(page, ORG_LABELS.teamsTitle);
    await expect(teams.getByTestId('team-item')).toHaveCount(2);

    const name = `Growth ${Date.now() % 100000}`;
    await teams.getByRole('button', { name: ORG_LABELS.createTeam }).click();
    const create = dialog(page, ORG_LABELS.createTeam);
    // A taken name gets the spec's text.
    await create.getByLabel(ORG_LABELS.teamName).fill('sales');
    await create.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(create.getByRole('alert')).toHaveText(messages.org.createTeam);
    await create.getByLabel(ORG_LABELS.teamName).fill(name);
    await create.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(teams.getByTestId('team-item').filter({ hasText: name })).toBeVisible();

    await teams.getByRole('button', { name: ORG_LABELS.renameTeam(name) }).click();
    const rename = dialog(page, ORG_LABELS.renameTeam(name));
    await rename.getByLabel(ORG_LABELS.teamName).fill(`${name} EU`);
    await rename.getByRole('button', { name: ORG_LABELS.save }).click();
    await expect(teams.getByTestId('team-item').filter({ hasText: `${name} EU` })).toBeVisible();
    await shot(page, 'teams-dialog');

    await teams.getByRole('button', { name: ORG_LABELS.deleteTeam(`${name} EU`) }).click();
    await teams.getByRole('button', { name: ORG_LABELS.delete, exact: true }).click();
    await expect(teams.getByTestId('team-item')).toHaveCount(2);
    await expect(teams.getByText(`${name} EU`)).toHaveCount(0);
  });

  test('the Sales manager sees Sales members only, counted for Sales, and changes none of them', async ({
    page,
  }) => {
    await signIn(page, seeded.manager);
    await expect(row(page, 'sam@agaton.local')).toBeVisible();
    await expect(row(page, 'parker@agaton.local')).toHaveCount(0);
    // The cards count the rows the manager sees, not the organisation.
    const rows = page.getByTestId('member-row');
    await expect(page.getByTestId('card-total-users').getByTestId('count')).toHaveText(/^\d+$/);
    expect(await count(page, 'card-total-users')).toBe(await rows.count());
    const on = await rows.getByTestId('coaching').filter({ hasText: ORG_LABELS.on }).count();
    expect(await count(page, 'card-active-licenses')).toBe(on);
    await expect(page.getByTestId('card-active-licenses')).toContainText(ORG_LABELS.inYourTeams);
    await expect(page.getByRole('button', { name: ORG_LABELS.purchase })).toHaveCount(0);
    // Managing users is the owner's job: no edit, archive or Coaching switch, and the API refuses them.
    await expect(page.getByTestId('manager-note')).toHaveText(ORG_LABELS.managerReadOnly);
    await expect(
      page.getByRole('button', { name: new RegExp(`^(${ORG_LABELS.edit}|${ORG_LABELS.archive}) `) }),
    ).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await shot(page, 'manager-admin-tab');
    const session = await adminSession(page.request, seeded.manager.email, seeded.manager.password);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const base = `/api/astridorg/${session.admin.organizationInfo.id}`;
    const mine = await page.request.post(`${base}/members/list`, { headers, data: { query: 'manager@' } });
    const [self] = (await mine.json()).members;
    for (const refused of [
      await page.request.put(`${base}/members/${self.astridIdentityId}`, {
        headers,
        data: { name: 'Someone Else', orgRole: self.orgRole },
      }),
      await page.request.post(`${base}/members/${self.astridIdentityId}/set-archive`, {
        headers,
        data: { isArchived: true },
      }),
    ]) {
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.message).toBe(messages.org.ownersOnlyUsers);
    }
    await expect(page.getByRole('tab', { name: ORG_LABELS.tabUserManagement })).toHaveCount(0);
    await page.getByRole('button', { name: ORG_LABELS.manageTeams }).click();
    const teams = dialog(page, ORG_LABELS.teamsTitle);
    await expect(teams.getByTestId('team-item')).toHaveCount(1);
    await expect(teams).toContainText(ORG_LABELS.ownersOnlyTeams);
  });
});
