import '@testing-library/jest-dom/vitest';
import { articleTexts } from '@agaton/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { pauseSummary, renderAt, stubApi, thArticle, thSummary } from '../api/learning-fixtures.test-helper';
import { ArticleList } from './article-list';
import { ArticlePage } from './article-page';

const routes = {
  '/coach/learning': <ArticleList />,
  '/coach/learning/:slug': <ArticlePage slug="the-two-th-sounds" />,
};
const openArticle = (slug: string) =>
  renderAt(`/coach/learning/${slug}`, {
    '/coach/learning': <p>Learning list</p>,
    '/coach/learning/:slug': <ArticlePage slug={slug} />,
  });

describe('Learning', { timeout: 30_000 }, () => {
  beforeEach(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('user');
  });

  it('lists the articles as cards with cover, title and summary, linking by slug', async () => {
    stubApi({ '/articles': { status: 200, body: [thSummary, pauseSummary] } });
    renderAt('/coach/learning', routes);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('article-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/coach/learning/the-two-th-sounds');
    expect(within(cards[0]!).getByRole('heading', { name: thSummary.title })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent(thSummary.summary);
    expect(within(cards[0]!).getByTestId('article-cover')).toHaveAttribute('src', thSummary.coverImageUrl);
    // Skills read as words; the sounds' ARPAbet names are not shown to learners.
    expect(cards[0]).toHaveTextContent('Pronunciation');
    expect(cards[0]).not.toHaveTextContent('DH');
    expect(cards[1]).toHaveAttribute('href', '/coach/learning/pace-and-pauses');
    expect(within(cards[1]!).queryByTestId('article-cover')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch articles.' and loads them on Retry", async () => {
    stubApi({
      '/articles': [
        { status: 500, body: {} },
        { status: 200, body: [thSummary] },
      ],
    });
    renderAt('/coach/learning', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(articleTexts.failedList);
    fireEvent.click(screen.getByRole('button', { name: articleTexts.retry }));
    expect(await screen.findByTestId('article-card')).toHaveTextContent(thSummary.title);
  });

  it('shows an article: breadcrumb Learning > title, heading, cover, markdown and the practise panel', async () => {
    const calls = stubApi({ '/articles/the-two-th-sounds': { status: 200, body: thArticle } });
    const router = openArticle('the-two-th-sounds');
    expect(await screen.findByRole('heading', { level: 1, name: thArticle.title })).toBeInTheDocument();
    expect(calls).toEqual(['/articles/the-two-th-sounds']);
    const crumbs = screen.getByTestId('article-breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: articleTexts.breadcrumb })).toHaveAttribute(
      'href',
      '/coach/learning',
    );
    expect(crumbs).toHaveTextContent(thArticle.title);
    expect(screen.getByTestId('article-cover')).toHaveAttribute('src', thArticle.coverImageUrl);

    const content = screen.getByTestId('article-content');
    expect(
      within(content).getByRole('heading', { level: 2, name: 'How the sounds work' }),
    ).toBeInTheDocument();
    expect(within(content).getByText('th', { selector: 'strong' })).toBeInTheDocument();
    const practise = screen.getByTestId('practise-section');
    expect(within(practise).getByRole('heading', { name: 'Practise aloud' })).toBeInTheDocument();
    expect(within(practise).getAllByRole('listitem')).toHaveLength(2);
    expect(within(practise).queryByRole('heading', { name: 'Keep going' })).not.toBeInTheDocument();
    expect(within(content).getByRole('heading', { name: 'Keep going' })).toBeInTheDocument();

    // Links to other articles stay in the app.
    const next = within(content).getByRole('link', { name: 'Numbers and dates' });
    expect(next).toHaveAttribute('href', '/coach/learning/presenting-numbers-and-dates');
    expect(next).not.toHaveAttribute('target');

    fireEvent.click(within(crumbs).getByRole('link', { name: articleTexts.breadcrumb }));
    expect(router.state.location.pathname).toBe('/coach/learning');
  });

  it('says an unknown article does not exist and offers the way back', async () => {
    stubApi({
      '/articles/no-such-article': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Article not found.' } },
      },
    });
    openArticle('no-such-article');
    expect(await screen.findByRole('alert')).toHaveTextContent(articleTexts.notFound);
    expect(screen.getByRole('link', { name: articleTexts.backToLearning })).toHaveAttribute(
      'href',
      '/coach/learning',
    );
    expect(screen.queryByRole('button', { name: articleTexts.retry })).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch article.' on other failures and retries", async () => {
    stubApi({
      '/articles/the-two-th-sounds': [
        { status: 503, body: {} },
        { status: 200, body: thArticle },
      ],
    });
    openArticle('the-two-th-sounds');
    expect(await screen.findByRole('alert')).toHaveTextContent(articleTexts.failedArticle);
    fireEvent.click(screen.getByRole('button', { name: articleTexts.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: thArticle.title })).toBeInTheDocument();
  });
});
