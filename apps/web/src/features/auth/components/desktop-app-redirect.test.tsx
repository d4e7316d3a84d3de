import '@testing-library/jest-dom/vitest';
import { messages } from '@agaton/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopRedirectTexts as T } from '../texts';
import { renderAt, setUpAuthFormTests } from './auth-test-utils.test-helper';
import { DesktopAppRedirect } from './desktop-app-redirect';

setUpAuthFormTests();

const open = (query: string) => renderAt(`/coach/desktop-app-redirect${query}`, <DesktopAppRedirect />);

describe('desktop app redirect', () => {
  it('says a link that is not the app’s is not followed and which links it opens, with a fresh sign-in', () => {
    open(`?${new URLSearchParams({ url: 'https://example.com/phish' })}`);
    expect(screen.getByRole('heading', { name: T.cannotOpenTitle })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(T.notAppLink('agaton:'));
    expect(alert).toHaveTextContent('starting with agaton://');
    expect(alert).not.toHaveTextContent(messages.other.desktopRedirect);
    expect(screen.getByRole('link', { name: T.tryAgain })).toHaveAttribute(
      'href',
      '/coach/auth?redirect=desktop-app',
    );
    expect(screen.getByRole('link', { name: T.continueToWeb })).toHaveAttribute('href', '/coach/assistant');
  });

  it('shows the authentication error when the link carries no app address', () => {
    open('');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.other.desktopRedirect);
    expect(screen.getByText(T.signInAgain)).toBeInTheDocument();
  });

  it('hands an app link to the desktop app with the spec texts', () => {
    open(`?${new URLSearchParams({ url: 'agaton://auth?code=c0de&onboarding=false' })}`);
    expect(screen.getByRole('heading', { name: T.title })).toHaveTextContent('Redirecting to Agaton app');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.tryAgain })).toBeEnabled();
  });
});
