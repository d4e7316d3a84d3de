import { articleTexts } from '@agaton/contracts';
import { Anchor, Box, Breadcrumbs, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useArticle } from '../api/articles-api';
import { ArticleBody } from './article-body';
import { ArticleCover } from './article-cover';

/** Reading width: about 70 characters a line at the body size. */
const COLUMN = 760;

function ArticleError({
  notFound,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <PageError
      testId="article-error"
      message={notFound ? articleTexts.notFound : articleTexts.failedArticle}
      notFound={notFound}
      back={{ to: paths.coachLearning.href(), label: articleTexts.backToLearning }}
      retry={{ label: articleTexts.retry, onRetry, retrying }}
    />
  );
}

/**
 * /coach/learning/:slug (spec 1 section 2 "Learning"): breadcrumb 'Learning' > title, the title as
 * heading, the cover and the article, set in one reading column.
 */
export function ArticlePage({ slug }: { slug: string }) {
  const query = useArticle(slug);
  const article = query.data;
  const crumbs = (
    <Breadcrumbs mb="sm" data-testid="article-breadcrumbs">
      <Anchor component={Link} to={paths.coachLearning.href()} size="sm">
        {articleTexts.breadcrumb}
      </Anchor>
      {article ? (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {article.title}
        </Text>
      ) : null}
    </Breadcrumbs>
  );

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py={80} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  } else if (!article) {
    // An ill-formed slug is refused with 400; to a reader it is as missing as an unknown one.
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    body = <ArticleError notFound={notFound} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  } else {
    body = (
      <article>
        <PageHeader title={article.title} />
        <Text fz="lg" c="dark.4" lh={1.6} mt={-8} mb="xl">
          {article.summary}
        </Text>
        {article.coverImageUrl && (
          <Box mb="xl">
            <ArticleCover url={article.coverImageUrl} radius="var(--mantine-radius-lg)" />
          </Box>
        )}
        <ArticleBody content={article.content} />
      </article>
    );
  }

  return (
    <Box maw={COLUMN} mx="auto" pb="xl">
      {crumbs}
      {body}
    </Box>
  );
}
