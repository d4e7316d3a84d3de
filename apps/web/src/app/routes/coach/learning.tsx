import { articleTexts } from '@agaton/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { ArticleList } from '../../../features/learning/components/article-list';
import { LEARNING_INVENTED_TEXTS } from '../../../features/learning/texts';

/** /coach/learning */
export default function CoachLearningRoute() {
  return (
    <>
      <PageHeader title={articleTexts.heading} description={LEARNING_INVENTED_TEXTS.description} />
      <ArticleList />
    </>
  );
}
