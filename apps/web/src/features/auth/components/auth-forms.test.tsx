import '@testing-library/jest-dom/vitest';
import { messages } from '@agaton/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminSignupStepTwo } from './admin-signup-step-two';
import { renderAt, setUpAuthFormTests, stubApi } from './auth-test-utils.test-helper';
import { CoachSignupForm } from './coach-signup-form';
import { LoginForm } from './login-form';

const session = { accessToken: 'a', refreshToken: 'r', accessTokenExpiresInSeconds: 900, identity: {} };

setUpAuthFormTests();

describe('two-stage login', () => {
  it('reveals and focuses the password after the e-mail stage, then signs the coach in', async () => {
    const calls = stubApi({
      'POST /api/auth-flow': { status: 200, body: { askForPassword: true } },
      'POST /api/authn/password': { status: 200, body: { code: 'c1' } },
      'POST /api/token': { status: 200, body: session },
    });
    const router = renderAt('/coach/auth?return=/coach/learning', <LoginForm audience="coach" />);
    const user = userEvent.setup();

    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(calls[0]).toEqual({
      key: 'POST /api/auth-flow',
      body: { email: 'ada@example.com', authType: 'sign-in', realm: 'whiskey' },
    });

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();

    await user.type(password, 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coach/learning'));
    expect(localStorage.getItem('agaton.user.token')).toBe('a');
  });

  it("shows 'Wrong credentials.' for a 401 on the password step", async () => {
    stubApi({
      'POST /api/auth-flow': { status: 200, body: { askForPassword: true } },
      'POST /api/authn/password': {
        status: 401,
        body: { error: { code: 'WRONG_CREDENTIALS', message: 'x' } },
      },
    });
    renderAt('/coach/auth', <LoginForm audience="coach" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signIn.wrongCredentials);
  });

  it('admin: a 401 with a known e-mail says the password is wrong, with an unknown one the e-mail', async () => {
    let exists = true;
    stubApi({
      'POST /api/auth-flow': { status: 200, body: { askForPassword: true } },
      'POST /api/admin/auth': { status: 401, body: { error: { code: 'WRONG_CREDENTIALS' } } },
      'GET /api/admin/auth': () =>
        exists ? { status: 200, body: { exists: true } } : { status: 404, body: {} },
    });
    renderAt('/auth', <LoginForm audience="admin" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signIn.wrongPassword);
    exists = false;
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.signIn.wrongEmail));
  });

  it('follows an SSO redirect instead of asking for a password', async () => {
    stubApi({
      'POST /api/auth-flow': { status: 200, body: { askForPassword: false, redirectUrl: 'https://idp/x' } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/coach/auth', <LoginForm audience="coach" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@sso.example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp/x'));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('coach sign-up', () => {
  it('blocks a double submit, shows the banner, then opens onboarding after 2 s with the redirect', async () => {
    const calls = stubApi({
      'POST /api/authn/sign-up': { status: 200, body: { authCode: 'code' } },
      'POST /api/token': { status: 200, body: session },
    });
    const router = renderAt('/coach/signup?redirect=desktop-app', <CoachSignupForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc123');
    const form = screen.getByRole('button', { name: 'Sign up' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByText(messages.signUp.success)).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST /api/authn/sign-up')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(router.state.location.pathname).toBe('/coach/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coach/onboarding'), { timeout: 2_000 });
    expect(router.state.location.search).toBe('?redirect=desktop-app');
  });

  it("maps a taken address to 'Email address already taken.' and lets the user try again", async () => {
    stubApi({
      'POST /api/authn/sign-up': {
        status: 409,
        body: { error: { code: 'USERNAME_ALREADY_TAKEN', message: 'x' } },
      },
    });
    renderAt('/coach/signup', <CoachSignupForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signUp.usernameAlreadyTaken);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });
});

describe('workspace step', () => {
  it("keeps 'Complete' disabled until name, company, industry and team are all set", async () => {
    const calls = stubApi({
      'POST /api/admin': {
        status: 200,
        body: { ...session, admin: {}, availablePositions: [], enabledFeatures: [] },
      },
    });
    const router = renderAt(
      '/signup',
      <AdminSignupStepTwo credentials={{ email: 'o@example.com', password: 'Abc123' }} onBack={() => {}} />,
    );
    const user = userEvent.setup();
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'Grace Brewster Hopper');
    await user.type(screen.getByLabelText('Company'), 'Navy');
    expect(complete).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Industry' }));
    await user.click(await screen.findByRole('option', { name: 'Technology', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Sales B2B', hidden: true }));
    expect(complete).toBeEnabled();
    await user.click(complete);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.at(-1)?.body).toEqual({
      email: 'o@example.com',
      password: 'Abc123',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      organization: 'Navy',
      industry: 'Technology',
      department: 'Sales B2B',
    });
  });
});
