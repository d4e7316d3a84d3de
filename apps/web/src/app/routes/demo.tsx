import { Navigate, useLocation, useParams } from 'react-router';
import { findCompany, isModeKey } from '../../features/demo/companies';
import { DemoPage } from '../../features/demo/components/demo-page';
import { READING_SETS } from '../../features/demo/tasks';

/**
 * /demo, /demo/:companyName, /free-speech-demo and /free-speech-demo/:companyName (spec 3 section 2.8).
 * /demo runs the full demo (reading, then free speech); /free-speech-demo runs topics only. A known
 * company brands the page with its wordmark; the mode keys carry no branding; anything else redirects
 * to the base route.
 */
export function DemoRoute() {
  const { companyName } = useParams();
  const { pathname } = useLocation();
  const freeSpeechRoute = pathname.startsWith('/free-speech-demo');
  const base = freeSpeechRoute ? '/free-speech-demo' : '/demo';
  const company = findCompany(companyName);
  if (companyName && !company && !isModeKey(companyName)) return <Navigate to={base} replace />;
  const mode = freeSpeechRoute || companyName?.toLowerCase() === 'free-speech' ? 'free-speech' : 'full';
  const reading = READING_SETS[company?.readingSet ?? 'business'];
  return (
    <DemoPage
      // A new company or mode starts a new demo.
      key={`${mode}:${company?.key ?? companyName ?? ''}`}
      mode={mode}
      reading={reading}
      wordmark={company?.wordmark ?? null}
    />
  );
}

export default DemoRoute;
export { DemoRoute as Component };
