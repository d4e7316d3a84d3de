import '@testing-library/jest-dom/vitest';
import { messages } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { ORG_ID, renderOrg, SALES, SUPPORT, stubOrgApi } from '../api/org-fixtures.test-helper';
import { ORG_LABELS } from '../texts';
import { TeamsDialog } from './teams-dialog';

const teamsPath = `/astridorg/${ORG_ID}/teams`;
const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });

describe('Teams dialog (list, create, edit, delete)', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('lists, creates, renames and deletes teams, reading the list again after each change', async () => {
    let teams = [SALES, SUPPORT];
    const calls = stubOrgApi({
      [`GET ${teamsPath}`]: () => ({ status: 200, body: teams }),
      [`POST ${teamsPath}`]: (call) => {
        const created = {
          id: '5a1e5000-0000-4000-8000-000000000003',
          name: (call.body as { name: string }).name,
        };
        teams = [...teams, created];
        return { status: 200, body: created };
      },
      [`PUT ${teamsPath}/${SALES.id}`]: (call) => {
        teams = teams.map((t) =>
          t.id === SALES.id ? { ...t, name: (call.body as { name: string }).name } : t,
        );
        return { status: 200, body: { id: SALES.id, name: 'Sales EU' } };
      },
      [`DELETE ${teamsPath}/${SUPPORT.id}`]: () => {
        teams = teams.filter((t) => t.id !== SUPPORT.id);
        return { status: 204 };
      },
    });
    renderOrg(<TeamsDialog opened onClose={() => {}} orgId={ORG_ID} isOwner />);
    expect(await within(dialog()).findByText('Support')).toBeInTheDocument();
    expect(within(dialog()).getAllByTestId('team-item')).toHaveLength(2);

    await userEvent.click(button(ORG_LABELS.createTeam));
    await userEvent.click(button(ORG_LABELS.save));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(messages.validation.required);
    await userEvent.type(within(dialog()).getByLabelText(ORG_LABELS.teamName), '  Growth ');
    await userEvent.click(button(ORG_LABELS.save));
    expect(await within(dialog()).findByText('Growth')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Growth' });

    await userEvent.click(button(ORG_LABELS.renameTeam('Sales')));
    const name = within(dialog()).getByLabelText(ORG_LABELS.teamName);
    expect(name).toHaveValue('Sales');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sales EU');
    await userEvent.click(button(ORG_LABELS.save));
    expect(await within(dialog()).findByText('Sales EU')).toBeInTheDocument();

    await userEvent.click(button(ORG_LABELS.deleteTeam('Support')));
    expect(within(dialog()).getByText(ORG_LABELS.deleteTeamTitle('Support'))).toBeInTheDocument();
    await userEvent.click(button(ORG_LABELS.delete));
    await waitFor(() => expect(within(dialog()).getAllByTestId('team-item')).toHaveLength(2));
    expect(within(dialog()).queryByText('Support')).toBeNull();
  });

  it("shows the spec's texts when creating, renaming, deleting or listing fails", async () => {
    const listFails = false;
    stubOrgApi({
      [`GET ${teamsPath}`]: () => (listFails ? { status: 500, body: {} } : { status: 200, body: [SALES] }),
      [`POST ${teamsPath}`]: { status: 409, body: { error: { code: 'CONFLICT', message: 'taken' } } },
      [`PUT ${teamsPath}/${SALES.id}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'taken' } },
      },
      [`DELETE ${teamsPath}/${SALES.id}`]: { status: 500, body: {} },
    });
    renderOrg(<TeamsDialog opened onClose={() => {}} orgId={ORG_ID} isOwner />);
    await within(dialog()).findByText('Sales');

    await userEvent.click(button(ORG_LABELS.createTeam));
    await userEvent.type(within(dialog()).getByLabelText(ORG_LABELS.teamName), 'Sales');
    await userEvent.click(button(ORG_LABELS.save));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(messages.org.createTeam);
    await userEvent.click(button(ORG_LABELS.back));

    await userEvent.click(button(ORG_LABELS.renameTeam('Sales')));
    await userEvent.type(within(dialog()).getByLabelText(ORG_LABELS.teamName), ' 2');
    await userEvent.click(button(ORG_LABELS.save));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(messages.org.updateTeam);
    await userEvent.click(button(ORG_LABELS.back));

    await userEvent.click(button(ORG_LABELS.deleteTeam('Sales')));
    await userEvent.click(button(ORG_LABELS.delete));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(messages.org.deleteTeam);
  });

  it("says 'Unable to list teams. Please try again' with a retry", async () => {
    let fail = true;
    stubOrgApi({
      [`GET ${teamsPath}`]: () => (fail ? { status: 500, body: {} } : { status: 200, body: [SALES] }),
    });
    renderOrg(<TeamsDialog opened onClose={() => {}} orgId={ORG_ID} isOwner />);
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(messages.org.listTeams);
    fail = false;
    await userEvent.click(button(ORG_LABELS.retry));
    expect(await within(dialog()).findByText('Sales')).toBeInTheDocument();
  });

  it('shows a manager their teams without the owner-only actions', async () => {
    stubOrgApi({ [`GET ${teamsPath}`]: { status: 200, body: [SALES] } });
    renderOrg(<TeamsDialog opened onClose={() => {}} orgId={ORG_ID} isOwner={false} />);
    expect(await within(dialog()).findByText('Sales')).toBeInTheDocument();
    expect(within(dialog()).getByText(ORG_LABELS.ownersOnlyTeams)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: ORG_LABELS.createTeam })).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: ORG_LABELS.renameTeam('Sales') })).toBeNull();
  });
});
