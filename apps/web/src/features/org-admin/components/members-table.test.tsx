import '@testing-library/jest-dom/vitest';
import { type MemberListRequest, ROLE_LABELS } from '@agaton/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { beside } from '../../../components/ui/responsive-table.test-helper';
import { adminPageHooks } from '../../../lib/admin-page-hooks.test-helper';
import { admin, member, ORG_ID, renderOrg, SALES, stubOrgApi } from '../api/org-fixtures.test-helper';
import { ORG_LABELS } from '../texts';
import { MembersPanel } from './members-panel';

const base = `/astridorg/${ORG_ID}`;
const SAM = member();
const NEL = member({
  astridIdentityId: '3e000000-0000-4000-8000-000000000004',
  name: '',
  email: 'nel@agaton.local',
  teams: [],
  hasLicense: false,
});
const C = ORG_LABELS.columns;

describe('Users on a phone', { timeout: 30_000 }, () => {
  adminPageHooks({ phone: true });

  it('shows each user as a card with its figures, the Coaching switch and the row actions', async () => {
    const calls = stubOrgApi({
      [`POST ${base}/members/list`]: (call) => ({
        status: 200,
        body: {
          members: (call.body as MemberListRequest).query ? [] : [SAM, NEL],
          totalPages: 1,
          totalMembersMissingInfo: 0,
        },
      }),
      [`GET ${base}/teams`]: { status: 200, body: [SALES] },
      [`GET ${base}/licences`]: {
        status: 200,
        body: { scope: 'organisation', activeLicenses: 1, totalUsers: 2, maxLicenses: 5, licensesLeft: 4 },
      },
      [`PUT ${base}/members/${SAM.astridIdentityId}`]: { status: 200, body: { ...SAM, hasLicense: false } },
    });
    renderOrg(<MembersPanel admin={admin()} />);

    const cards = await screen.findAllByTestId('member-row');
    expect(cards).toHaveLength(2);
    // No table whose right-hand columns (Coaching, License, the actions) would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const [sam, nel] = cards;
    // Headed by the user's name and email, then each figure beside its column's name.
    expect(within(sam).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(sam).getByText('sam@agaton.local')).toBeInTheDocument();
    expect(beside(sam, C.teams)).toHaveTextContent(SALES.name);
    expect(beside(sam, C.role)).toHaveTextContent(ROLE_LABELS.REGULAR_MEMBER);
    expect(beside(sam, C.coaching)).toHaveTextContent(ORG_LABELS.on);
    expect(beside(sam, C.license)).toHaveTextContent(ORG_LABELS.licensed);
    expect(within(nel).getByText(ORG_LABELS.noName)).toBeInTheDocument();
    expect(beside(nel, C.teams)).toHaveTextContent(ORG_LABELS.noTeams);
    expect(beside(nel, C.coaching)).toHaveTextContent(ORG_LABELS.off);
    expect(beside(nel, C.license)).toHaveTextContent(ORG_LABELS.noLicense);

    // The icon-only actions keep their names on the card.
    expect(within(sam).getByRole('button', { name: `${ORG_LABELS.archive} Sam Seller` })).toBeEnabled();
    expect(within(sam).getByRole('button', { name: ORG_LABELS.mergeAction('Sam Seller') })).toBeEnabled();
    expect(within(nel).getByRole('button', { name: `${ORG_LABELS.edit} nel@agaton.local` })).toBeEnabled();

    // The Coaching switch saves the change.
    await userEvent.click(within(sam).getByRole('switch', { name: ORG_LABELS.coachingToggle('Sam Seller') }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        hasLicense: false,
        orgRole: 'REGULAR_MEMBER',
      }),
    );

    // Edit opens the user's dialog.
    await userEvent.click(within(sam).getByRole('button', { name: `${ORG_LABELS.edit} Sam Seller` }));
    expect(await screen.findByRole('dialog', { name: ORG_LABELS.editUser })).toBeInTheDocument();
  });
});
