import '@testing-library/jest-dom/vitest';
import { messages } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { member, renderOrg, SALES, SUPPORT } from '../api/org-fixtures.test-helper';
import { ORG_LABELS } from '../texts';
import { EditUserModal, updateErrorText } from './edit-user-modal';

function open(options: { member?: ReturnType<typeof member>; error?: string | null } = {}) {
  const onSave = vi.fn();
  renderOrg(
    <EditUserModal
      member={options.member ?? member()}
      teams={[SALES, SUPPORT]}
      onClose={() => {}}
      onSave={onSave}
      saving={false}
      error={options.error ?? null}
    />,
  );
  return onSave;
}

const dialog = () => screen.getByRole('dialog');
const save = () => userEvent.click(within(dialog()).getByRole('button', { name: ORG_LABELS.save }));

/** Picks an option of a Mantine Select inside the dialog (its own option list, not another's). */
async function choose(label: string, option: string) {
  const input = within(dialog()).getByRole('combobox', { name: label });
  await userEvent.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no options for ${label}`);
    return found;
  });
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

describe('Edit user (spec 2 §5)', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('refuses a malformed e-mail but saves without one, hasLicense as a boolean', async () => {
    const onSave = open();
    const email = within(dialog()).getByLabelText(ORG_LABELS.email);
    await userEvent.clear(email);
    await userEvent.type(email, 'sam@agaton');
    await save();
    expect(await within(dialog()).findByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.click(within(dialog()).getByLabelText(ORG_LABELS.hasLicense));
    await save();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Sam Seller',
      orgRole: 'REGULAR_MEMBER',
      teams: [{ teamId: SALES.id, teamRole: 'REGULAR_MEMBER' }],
      hasLicense: false,
    });
  });

  it("requires the organisation role ('Required', 'Please provide organization role')", async () => {
    const onSave = open({ member: member({ orgRole: 'MANAGER' }) });
    const role = within(dialog()).getByRole('combobox', { name: ORG_LABELS.orgRole });
    // Mantine's clear button sits beside the select; clearing leaves no role.
    const clear = role.parentElement?.querySelector('button') as HTMLButtonElement;
    await userEvent.click(clear);
    await save();
    expect(await within(dialog()).findByText(messages.validation.required)).toBeInTheDocument();
    expect(within(dialog()).getByText(messages.validation.provideOrgRole)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('needs a team and a role in each row, and drops wholly empty rows on save', async () => {
    const onSave = open();
    const add = () => userEvent.click(within(dialog()).getByRole('button', { name: ORG_LABELS.addTeamRow }));
    await add();
    await add();
    // Row 2 gets a team but no role; row 3 stays empty.
    await choose(`${ORG_LABELS.team} 2`, SUPPORT.name);
    await save();
    expect(await within(dialog()).findByText(messages.validation.teamsMembershipWrong)).toBeInTheDocument();
    expect(within(dialog()).getByText(messages.validation.teamRoleMissing)).toBeInTheDocument();
    expect(within(dialog()).queryByText(messages.validation.teamMissing)).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    await choose(`${ORG_LABELS.teamRole} 2`, 'Manager');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0].teams).toEqual([
      { teamId: SALES.id, teamRole: 'REGULAR_MEMBER' },
      { teamId: SUPPORT.id, teamRole: 'MANAGER' },
    ]);
  });

  it("says 'Team is missing' for a role without a team", async () => {
    const onSave = open({ member: member({ teams: [] }) });
    await userEvent.click(within(dialog()).getByRole('button', { name: ORG_LABELS.addTeamRow }));
    await choose(`${ORG_LABELS.teamRole} 1`, 'Regular member');
    await save();
    expect(await within(dialog()).findByText(messages.validation.teamMissing)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the failed save text', () => {
    open({ error: messages.org.updateUser });
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(messages.org.updateUser);
  });
});

describe('the text of a refused save', () => {
  it("says so when a manager's change is refused as an owner's, else the spec's text", () => {
    const own = new ApiError(403, messages.org.ownersOnlyUsers, 'FORBIDDEN');
    expect(updateErrorText(own)).toBe(messages.org.ownersOnlyUsers);
    expect(updateErrorText(new ApiError(403, messages.request.forbidden, 'FORBIDDEN'))).toBe(
      messages.org.updateUser,
    );
    expect(updateErrorText(new Error('network'))).toBe(messages.org.updateUser);
  });
});
