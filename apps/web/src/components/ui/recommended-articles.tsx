import type { ArticleLink } from '@agaton/contracts';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconChevronRight } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { LinkCard } from './link-card';

/** Ours (the spec is silent): the heading and hint of the recommendations. */
export const RECOMMENDED_TEXTS = {
  heading: 'Recommended reading',
  hint: 'Learning articles picked for what your sessions show you can improve most.',
} as const;

/** Learning articles the analysis recommends (session feedback, coaching reports); nothing when none. */
export function RecommendedArticles({ articles }: { articles: readonly ArticleLink[] | undefined }) {
  if (!articles?.length) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="recommended-articles">
      <Group gap={8} mb={4}>
        <ThemeIcon size={28} radius="md" variant="light" color="grape">
          <IconBook2 size={17} />
        </ThemeIcon>
        <Title order={2} fz="md">
          {RECOMMENDED_TEXTS.heading}
        </Title>
      </Group>
      <Text size="xs" c="dimmed" mb="md">
        {RECOMMENDED_TEXTS.hint}
      </Text>
      <Stack gap="xs">
        {articles.map((article) => (
          <LinkCard key={article.slug} to={paths.coachLearningArticle.href(article.slug)} p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {article.title}
              </Text>
              <IconChevronRight size={16} color="var(--mantine-color-gray-5)" />
            </Group>
          </LinkCard>
        ))}
      </Stack>
    </Card>
  );
}
