import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { CallReviewDetail } from '../../../features/call-reviews/components/call-review-detail';
import { CallReviewsList } from '../../../features/call-reviews/components/call-reviews-list';
import { CALL_REVIEW_TEXTS as T } from '../../../features/call-reviews/texts';

/** /coach/call-reviews: the coach's own calls as QA answered them (issue 27 item 4; decision 022). */
export default function CoachCallReviewsRoute() {
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <CallReviewsList />
    </>
  );
}

/** /coach/call-reviews/:qcItemId: one reviewed call, its answers to acknowledge or dispute. */
export function CoachCallReviewRoute() {
  const { qcItemId = '' } = useParams();
  // Another call is another page: no open comment box or picked citation carries over.
  return <CallReviewDetail key={qcItemId} qcItemId={qcItemId} />;
}
