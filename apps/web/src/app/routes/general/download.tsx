import { useSearchParams } from 'react-router';
import { DownloadPage } from '../../../features/recruitment/components/download-page';

/** /download?candidateId=&challengeId= — a candidate report's PDF. */
export default function DownloadRoute() {
  const [params] = useSearchParams();
  return <DownloadPage candidateId={params.get('candidateId')} challengeId={params.get('challengeId')} />;
}
