import { Anchor, Breadcrumbs, Paper, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

/** /coach/learning/:slug */
export default function CoachLearningArticleRoute() {
  const { slug = '' } = useParams();
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.coachLearning.href()}>
          Learning
        </Anchor>
        <Text>{slug}</Text>
      </Breadcrumbs>
      <PageHeader title="Article" />
      <Paper withBorder radius="lg">
        <EmptyState text="This article is not available yet." />
      </Paper>
    </>
  );
}
