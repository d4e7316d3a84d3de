import '@testing-library/jest-dom/vitest';
import { type MemberListRequest, messages, ORG_TEXTS, PLAN_TEXTS } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_LABELS } from '../../../components/ui/limit-modal';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { admin, member, ORG_ID, renderOrg, SALES, stubOrgApi } from '../api/org-fixtures.test-helper';
import { ORG_LABELS } from '../texts';
import { MembersPanel } from './members-panel';

const base = `/astridorg/${ORG_ID}`;
const SAM = member();
const ARCHIVED = member({
  astridIdentityId: '3e000000-0000-4000-8000-000000000002',
  name: 'Ari Archived',
  email: 'ari@agaton.local',
  hasLicense: false,
  isArchived: true,
});

const ORG_CARDS = {
  scope: 'organisation',
  activeLicenses: 1,
  totalUsers: 2,
  maxLicenses: 1,
  licensesLeft: 0,
};

function stub(list: (request: MemberListRequest) => { status: number; body?: unknown }, extra = {}) {
  return stubOrgApi({
    [`POST ${base}/members/list`]: (call) => list(call.body as MemberListRequest),
    [`GET ${base}/teams`]: { status: 200, body: [SALES] },
    [`GET ${base}/licences`]: { status: 200, body: ORG_CARDS },
    ...extra,
  });
}
const page = (members = [SAM], totalPages = 1) => ({
  status: 200,
  body: { members, totalPages, totalMembersMissingInfo: 0 },
});

describe('Users and licences', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('shows the cards and rows, and debounces the search into one request', async () => {
    const calls = stub((r) => page(r.query ? [] : [SAM]));
    renderOrg(<MembersPanel admin={admin()} />);
    const row = (await screen.findAllByTestId('member-row'))[0];
    expect(within(row).getByText('sam@agaton.local')).toBeInTheDocument();
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    expect(screen.getByTestId('card-active-licenses')).toHaveTextContent('1');
    expect(screen.getByTestId('licenses-left')).toHaveTextContent(ORG_LABELS.licensesLeft(0));
    expect(screen.getByTestId('card-total-users')).toHaveTextContent('2');
    await userEvent.type(screen.getByLabelText(ORG_LABELS.search), 'zed');
    expect(await screen.findByText(ORG_TEXTS.noUsers)).toBeInTheDocument();
    const searches = calls
      .filter((c) => c.path.endsWith('/members/list'))
      .map((c) => (c.body as MemberListRequest).query);
    // Typing three letters inside 250 ms asks once for the whole word.
    expect(searches).toEqual(['', 'zed']);
  });

  it('sends the filters and page size, and archived rows cannot be edited', async () => {
    const calls = stub((r) => page(r.filters?.includeArchived ? [SAM, ARCHIVED] : [SAM], 3));
    renderOrg(<MembersPanel admin={admin()} />);
    await screen.findAllByTestId('member-row');
    await userEvent.click(screen.getByLabelText(ORG_LABELS.includeArchived));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: `${ORG_LABELS.edit} Ari Archived` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `${ORG_LABELS.unarchive} Ari Archived` })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await userEvent.click(screen.getByRole('combobox', { name: ORG_LABELS.pageSize }));
    await userEvent.click(await screen.findByRole('option', { name: '100', hidden: true }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        query: '',
        filters: { includeArchived: true },
        pagination: { page: 1, pageSize: 100 },
      }),
    );
    const pages = calls.map((c) => (c.body as MemberListRequest | undefined)?.pagination);
    expect(pages).toContainEqual({ page: 2, pageSize: 25 });
  });

  it("says 'Unable to list members. Please try again' and retries", async () => {
    let fail = true;
    stub(() => (fail ? { status: 500, body: {} } : page()));
    renderOrg(<MembersPanel admin={admin()} />);
    expect(await screen.findByText(messages.org.listMembers)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: ORG_LABELS.retry }));
    expect(await screen.findAllByTestId('member-row')).toHaveLength(1);
  });

  it('turning coaching on past the limit shows the licenses limit and a way to buy more', async () => {
    const off = member({ hasLicense: false });
    const calls = stub(() => page([off]), {
      [`PUT ${base}/members/${off.astridIdentityId}`]: {
        status: 402,
        body: { error: { code: 'PAYMENT_REQUIRED', message: PLAN_TEXTS.limitLicenses } },
      },
    });
    renderOrg(<MembersPanel admin={admin()} />);
    await userEvent.click(
      await screen.findByRole('switch', { name: ORG_LABELS.coachingToggle('Sam Seller') }),
    );
    const limit = await screen.findByRole('dialog', { name: PLAN_TEXTS.limitLicenses });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      hasLicense: true,
      orgRole: 'REGULAR_MEMBER',
    });
    expect(limit).toHaveTextContent(PLAN_TEXTS.needMoreUsers);
    await userEvent.click(within(limit).getByRole('button', { name: LIMIT_LABELS.contactUs }));
    expect(await screen.findByRole('dialog', { name: /Contact sales/ })).toBeInTheDocument();
  });

  it('merges a row into the user picked to keep; a manager has no merge action', async () => {
    const pat = member({
      astridIdentityId: '3e000000-0000-4000-8000-000000000003',
      name: 'Pat Prime',
      email: 'pat@a.example',
    });
    const calls = stub(() => page([SAM, pat]), {
      [`POST ${base}/members/merge-identity`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'Both identities are linked to different coach accounts' },
        },
      },
    });
    renderOrg(<MembersPanel admin={admin()} />);
    await userEvent.click(await screen.findByRole('button', { name: ORG_LABELS.mergeAction('Sam Seller') }));
    const merge = await screen.findByRole('dialog', { name: ORG_LABELS.mergeTitle('Sam Seller') });
    expect(within(merge).getByRole('button', { name: ORG_LABELS.merge })).toBeDisabled();
    const target = within(merge).getByRole('combobox', { name: ORG_LABELS.mergeTarget });
    await userEvent.click(target);
    const list = document.getElementById(target.getAttribute('aria-controls') ?? '') as HTMLElement;
    // The row's own member is not offered.
    expect(within(list).queryByRole('option', { name: /Sam Seller/, hidden: true })).toBeNull();
    await userEvent.click(within(list).getByRole('option', { name: /Pat Prime/, hidden: true }));
    await userEvent.click(within(merge).getByRole('button', { name: ORG_LABELS.merge }));
    expect(await within(merge).findByRole('alert')).toHaveTextContent('different coach accounts');
    expect(calls.find((c) => c.path.endsWith('/merge-identity'))?.body).toEqual({
      primaryIdentityId: pat.astridIdentityId,
      secondaryIdentityId: SAM.astridIdentityId,
    });
    cleanup();
    stub(() => page([SAM]));
    renderOrg(<MembersPanel admin={admin({ role: 'MANAGER' })} />);
    await screen.findAllByTestId('member-row');
    expect(screen.queryByRole('button', { name: ORG_LABELS.mergeAction('Sam Seller') })).toBeNull();
  });

  it("gives a manager their teams' counts and a table without edit, archive or the Coaching switch", async () => {
    const calls = stub(() => page([SAM, member({ ...ARCHIVED, isArchived: false, name: 'Ari Active' })]), {
      [`GET ${base}/licences`]: {
        status: 200,
        body: { scope: 'teams', activeLicenses: 1, totalUsers: 2, maxLicenses: null, licensesLeft: null },
      },
    });
    renderOrg(<MembersPanel admin={admin({ role: 'MANAGER' })} />);
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('card-total-users')).toHaveTextContent('2'));
    expect(screen.getByTestId('card-active-licenses')).toHaveTextContent(ORG_LABELS.inYourTeams);
    expect(screen.getByTestId('card-total-users')).toHaveTextContent(ORG_LABELS.notArchivedInYourTeams);
    // No organisation limit, "No licence limit" or licences to buy: those are the owner's.
    expect(screen.queryByTestId('licenses-left')).toBeNull();
    expect(screen.queryByRole('button', { name: ORG_LABELS.purchase })).toBeNull();
    expect(screen.getByTestId('manager-note')).toHaveTextContent(messages.org.ownersOnlyUsers);
    expect(screen.queryByRole('button', { name: `${ORG_LABELS.edit} Sam Seller` })).toBeNull();
    expect(screen.queryByRole('button', { name: `${ORG_LABELS.archive} Sam Seller` })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(within(rows[0]).getByTestId('coaching')).toHaveTextContent(ORG_LABELS.on);
    expect(within(rows[1]).getByTestId('coaching')).toHaveTextContent(ORG_LABELS.off);
    expect(screen.queryByRole('columnheader', { name: ORG_LABELS.columns.actions })).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
