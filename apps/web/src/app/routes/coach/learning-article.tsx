import { useParams } from 'react-router';
import { ArticlePage } from '../../../features/learning/components/article-page';

/** /coach/learning/:slug */
export default function CoachLearningArticleRoute() {
  const { slug = '' } = useParams();
  return <ArticlePage key={slug} slug={slug} />;
}
