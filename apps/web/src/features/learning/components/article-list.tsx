import { ARTICLE_SKILLS, type ArticleSkill, type ArticleSummary, articleTexts } from '@agaton/contracts';
import { AspectRatio, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyPanel, PanelError } from '../../../components/ui/page-states';
import { paths } from '../../../config/paths';
import { useArticles } from '../api/articles-api';
import { SKILL_LABELS } from '../texts';
import { ArticleCover } from './article-cover';
import classes from './article-list.module.css';

const isSkill = (tag: string): tag is ArticleSkill => (ARTICLE_SKILLS as readonly string[]).includes(tag);
const GRID = { base: 1, xs: 2, lg: 3 } as const;

function ArticleCard({ article }: { article: ArticleSummary }) {
  const skills = article.tags.filter(isSkill).slice(0, 2);
  return (
    <Card
      component={Link}
      to={paths.coachLearningArticle.href(article.slug)}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      data-testid="article-card"
    >
      <Card.Section>
        <ArticleCover url={article.coverImageUrl} />
      </Card.Section>
      <Stack gap={8} mt="md" style={{ flex: 1 }}>
        <Title order={2} fz="lg" className={classes.title}>
          {article.title}
        </Title>
        <Text size="sm" c="dimmed" lh={1.55} lineClamp={3}>
          {article.summary}
        </Text>
      </Stack>
      {skills.length > 0 && (
        <Group gap={6} mt="md">
          {skills.map((skill) => (
            <Badge key={skill} variant="light" radius="sm" size="sm">
              {SKILL_LABELS[skill]}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

function ListSkeleton() {
  return (
    <SimpleGrid cols={GRID} spacing="lg" role="status" aria-label="Loading">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
        <Card key={key} withBorder radius="lg" padding="lg">
          <Card.Section>
            <AspectRatio ratio={2}>
              <Skeleton radius={0} />
            </AspectRatio>
          </Card.Section>
          <Skeleton height={20} mt="md" width="80%" />
          <Skeleton height={12} mt="sm" />
          <Skeleton height={12} mt={8} width="90%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /coach/learning: the library as cards linking by slug (spec 1 section 2 "Learning"). */
export function ArticleList() {
  const query = useArticles();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <PanelError
        message={articleTexts.failedList}
        retryLabel={articleTexts.retry}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) {
    return <EmptyPanel text={articleTexts.empty} />;
  }
  return (
    <SimpleGrid cols={GRID} spacing="lg" data-testid="article-list">
      {query.data.map((article) => (
        <ArticleCard key={article.slug} article={article} />
      ))}
    </SimpleGrid>
  );
}
