import '@testing-library/jest-dom/vitest';
import { billingTexts, messages, PLAN_TEXTS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SALES_LABELS } from '../../../components/ui/contact-sales-modal';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import {
  admin,
  CONTENT,
  candidate,
  challenge,
  type Reply,
  renderPage,
  SALES,
  stubAdminApi,
} from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { EnglishTestPage } from './english-test-page';

const people = [
  candidate({
    identityId: '1d000000-0000-4000-8000-000000000001',
    name: 'Ann One',
    email: 'ann@example.com',
  }),
  candidate({
    identityId: '1d000000-0000-4000-8000-000000000002',
    name: 'Ben Two',
    email: 'ben@example.com',
  }),
];

function open(testsLeft: number, extra: Record<string, Reply> = {}) {
  const calls = stubAdminApi({
    'GET /admin/candidates': { status: 200, body: people },
    'GET /admin/challenges': { status: 200, body: [] },
    'GET /admin/test-content': { status: 200, body: CONTENT },
    ...extra,
  });
  renderPage('/dashboard/test', '/dashboard/test', <EnglishTestPage admin={admin({ testsLeft })} />);
  return { calls, user: userEvent.setup() };
}

/** Picks an option of a Mantine Select inside the open dialog. */
const pick = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  const input = within(screen.getByRole('dialog')).getByRole('combobox', { name: label });
  await user.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no options for ${label}`);
    return found;
  });
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
};

describe('Add user', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  async function openForm(testsLeft = 3, extra: Record<string, Reply> = {}) {
    const ctx = open(testsLeft, extra);
    await screen.findByText('Ann One');
    await ctx.user.click(screen.getAllByRole('button', { name: RT_LABELS.addUser })[0]);
    const dialog = await screen.findByRole('dialog', { name: RT_LABELS.addUserTitle });
    return { ...ctx, dialog };
  }

  it('starts with the test not sent and the topic optional; ticking it makes the topic required', async () => {
    const { user, dialog } = await openForm();
    const sendNow = within(dialog).getByLabelText(RT_LABELS.sendNow);
    const topic = within(dialog).getByRole('combobox', { name: RT_LABELS.topic });
    expect(sendNow).not.toBeChecked();
    expect(topic).not.toBeRequired();
    expect(topic).toHaveAttribute('placeholder', RT_LABELS.optional);
    await user.click(sendNow);
    expect(topic).toBeRequired();
    expect(topic).toHaveAttribute('placeholder', RT_LABELS.topicPlaceholder);
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await within(dialog).findByText(RT_LABELS.topicNeeded)).toBeInTheDocument();
    // Unticked again, the topic is optional and its message goes.
    await user.click(sendNow);
    expect(topic).not.toBeRequired();
    expect(within(dialog).queryByText(RT_LABELS.topicNeeded)).not.toBeInTheDocument();
  });

  it('adds a candidate without a test by default, keeping the topic picked', async () => {
    const { user, dialog, calls } = await openForm(3, {
      'POST /candidate': { status: 200, body: { createdCandidate: candidate({ name: 'Jane Doe' }) } },
    });
    await user.type(within(dialog).getByLabelText(/Name/), 'Jane Doe');
    await user.type(within(dialog).getByLabelText(/Email/), 'jane@example.com');
    await pick(user, RT_LABELS.topic, 'Customer support agent');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByText(RT_LABELS.added('Jane Doe'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      position: 'Customer support agent',
      isRecruit: false,
      isTrainee: false,
    });
  });

  it('refuses a whitespace name, a bad email and sending without a topic, without calling the API', async () => {
    const { user, dialog, calls } = await openForm();
    await user.click(within(dialog).getByLabelText(RT_LABELS.sendNow));
    await user.type(within(dialog).getByLabelText(/Name/), '   ');
    await user.type(within(dialog).getByLabelText(/Email/), 'jane@example');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await within(dialog).findByText(messages.validation.provideName)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(RT_LABELS.topicNeeded)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds a trimmed candidate with team, topic and level, sends the test and refreshes the list', async () => {
    const { user, dialog, calls } = await openForm(3, {
      'POST /candidate': { status: 200, body: { createdCandidate: candidate({ name: 'Jane Doe' }) } },
    });
    await user.type(within(dialog).getByLabelText(/Name/), '  Jane Doe  ');
    await user.type(within(dialog).getByLabelText(/Email/), 'Jane@Example.com');
    await pick(user, RT_LABELS.teamOptional, SALES.name);
    await pick(user, RT_LABELS.topic, 'Customer support agent');
    await pick(user, RT_LABELS.level, 'Advanced');
    expect(within(dialog).getByText(RT_LABELS.testsLeftNow(3), { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(RT_LABELS.sendNow));
    await user.click(within(dialog).getByLabelText(RT_LABELS.inviteTraining));
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByText(RT_LABELS.addedAndSent('Jane Doe'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      department: SALES.id,
      position: 'Customer support agent',
      level: 'Advanced',
      isRecruit: true,
      isTrainee: true,
    });
    // The list refreshes (tests left comes with the admin, refetched in the browser journey).
    await waitFor(() => expect(calls.filter((c) => c.path === '/admin/candidates').length).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message for a duplicate and 'Adding user failed.' otherwise", async () => {
    let reply: Reply = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: RECRUITMENT_TEXTS.candidateExists } },
    };
    const { user, dialog } = await openForm(3, { 'POST /candidate': reply });
    await user.type(within(dialog).getByLabelText(/Name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByText(RECRUITMENT_TEXTS.candidateExists)).toBeInTheDocument();
    reply = { status: 500, body: {} };
    stubAdminApi({ 'POST /candidate': reply });
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByText(messages.org.addingUser)).toBeInTheDocument();
  });

  it("names the learning app's users limit in a toast, not as the tests limit", async () => {
    const { user, dialog } = await openForm(3, {
      'POST /candidate': {
        status: 402,
        body: { error: { code: 'PAYMENT_REQUIRED', message: PLAN_TEXTS.limitUsers } },
      },
    });
    await user.type(within(dialog).getByLabelText(/Name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@example.com');
    await user.click(within(dialog).getByLabelText(RT_LABELS.inviteTraining));
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByText(PLAN_TEXTS.limitUsers)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: RECRUITMENT_TEXTS.limitTests })).not.toBeInTheDocument();
  });

  it('opens the tests-limit modal instead of sending when no test is left', async () => {
    const { user, dialog, calls } = await openForm(0);
    await user.type(within(dialog).getByLabelText(/Name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@example.com');
    await pick(user, RT_LABELS.topic, 'Sales representative');
    await user.click(within(dialog).getByLabelText(RT_LABELS.sendNow));
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.add }));
    expect(await screen.findByRole('dialog', { name: RECRUITMENT_TEXTS.limitTests })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('Send test and the limit modal', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });

  it('asks for a test type and users, then sends for the selected candidates', async () => {
    const { user, calls } = open(5, {
      'POST /challenge': {
        status: 200,
        body: {
          createdChallenges: people.map((p) =>
            challenge({ candidateId: p.identityId, completedAt: null, resultCefr: null, resultsBlob: null }),
          ),
        },
      },
    });
    await screen.findByText('Ann One');
    await user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    let dialog = await screen.findByRole('dialog', { name: RT_LABELS.sendTestTitle });
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.send }));
    expect(await within(dialog).findByText(messages.validation.selectTestType)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.validation.selectUsers)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByLabelText(RT_LABELS.selectAll));
    await user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    dialog = await screen.findByRole('dialog', { name: RT_LABELS.sendTestTitle });
    expect(within(dialog).getByText(RT_LABELS.sendHint(2), { exact: false })).toBeInTheDocument();
    await pick(user, RT_LABELS.testType, 'Sales representative');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.send }));
    expect(await screen.findByText(RT_LABELS.sent(2))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/challenge')?.body).toEqual({
      position: 'Sales representative',
      candidateAstridIdentityIds: people.map((p) => p.identityId),
    });
    expect(screen.getByLabelText(RT_LABELS.selectAll)).not.toBeChecked();
  });

  it('blocks more users than tests left with the limit modal, whose Contact us opens the contact form', async () => {
    const { user, calls } = open(1, { 'POST /contact-sales': { status: 204 } });
    await screen.findByText('Ann One');
    await user.click(screen.getByLabelText(RT_LABELS.selectAll));
    await user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    const dialog = await screen.findByRole('dialog', { name: RT_LABELS.sendTestTitle });
    await pick(user, RT_LABELS.testType, 'Sales representative');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.send }));
    const limit = await screen.findByRole('dialog', { name: RECRUITMENT_TEXTS.limitTests });
    expect(within(limit).getByText(RECRUITMENT_TEXTS.needMoreTests)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/challenge')).toHaveLength(0);
    await user.click(within(limit).getByRole('button', { name: RT_LABELS.limitContact }));
    const form = await screen.findByRole('dialog', { name: CONTACT_SALES_LABELS.title });
    expect(within(form).getByLabelText('Email')).toHaveValue('admin@agaton.local');
    await user.click(within(form).getByRole('button', { name: CONTACT_SALES_LABELS.send }));
    expect(await screen.findByText(billingTexts.contactSuccess)).toBeInTheDocument();
  });

  it('opens the limit modal at once with no test left, and when the server answers 402', async () => {
    const { user } = open(0);
    await screen.findByText('Ann One');
    await user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    const limit = await screen.findByRole('dialog', { name: RECRUITMENT_TEXTS.limitTests });
    await user.click(within(limit).getByRole('button', { name: RT_LABELS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cleanup();

    const second = open(4, {
      'POST /challenge': {
        status: 402,
        body: { error: { code: 'PAYMENT_REQUIRED', message: RECRUITMENT_TEXTS.limitTests } },
      },
    });
    await screen.findByText('Ann One');
    await second.user.click(screen.getByLabelText(RT_LABELS.selectRow('Ann One')));
    await second.user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    const dialog = await screen.findByRole('dialog', { name: RT_LABELS.sendTestTitle });
    await pick(second.user, RT_LABELS.testType, 'Sales representative');
    await second.user.click(within(dialog).getByRole('button', { name: RT_LABELS.send }));
    expect(await screen.findByRole('dialog', { name: RECRUITMENT_TEXTS.limitTests })).toBeInTheDocument();
  });

  it("says 'Sending the test failed.' when the send fails", async () => {
    const { user } = open(4, { 'POST /challenge': { status: 500, body: {} } });
    await screen.findByText('Ann One');
    await user.click(screen.getByLabelText(RT_LABELS.selectRow('Ben Two')));
    await user.click(screen.getByRole('button', { name: RT_LABELS.sendTest }));
    const dialog = await screen.findByRole('dialog', { name: RT_LABELS.sendTestTitle });
    await pick(user, RT_LABELS.testType, 'Sales representative');
    await user.click(within(dialog).getByRole('button', { name: RT_LABELS.send }));
    expect(await screen.findByText(messages.org.sendingTest)).toBeInTheDocument();
  });
});
