import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCandidateSignOut, useCandidateTest } from '../hooks/use-candidate-test';
import { CANDIDATE_TEXTS } from '../texts';
import { CandidateFrame } from './candidate-frame';
import { CandidateLoadError, CandidateLoading } from './page-states';
import { TestComplete } from './test-complete';
import { TestRunner } from './test-runner';

/**
 * /assessment (the runner) and /assessment/summary (the end). Without a candidate token both go to
 * /candidate; the runner leaves for the summary once the test is finished, and the summary sends an
 * unfinished test back to the runner.
 */
export function AssessmentPage() {
  const { pathname } = useLocation();
  const summary = pathname.replace(/\/+$/, '') === paths.assessmentSummary.path;
  const { signedIn, data, error, refetch, isFetching } = useCandidateTest();
  const navigate = useNavigate();
  const signOut = useCandidateSignOut();
  const leave = useCallback(() => {
    signOut();
    navigate(paths.candidate.href(), { replace: true });
  }, [signOut, navigate]);
  const toSignIn = useCallback(() => navigate(paths.candidate.href(), { replace: true }), [navigate]);

  if (!signedIn) return <Navigate to={paths.candidate.href()} replace />;
  if (!data) {
    return (
      <CandidateFrame>
        {error ? (
          <CandidateLoadError
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
            onSignOut={leave}
          />
        ) : (
          <CandidateLoading />
        )}
      </CandidateFrame>
    );
  }
  const finished = data.assessmentStatus.isFinished;
  if (summary && !finished) return <Navigate to={paths.assessment.href()} replace />;
  if (!summary && finished) return <Navigate to={paths.assessmentSummary.href()} replace />;
  return (
    <CandidateFrame title={summary ? CANDIDATE_TEXTS.complete : undefined}>
      {summary ? (
        <TestComplete test={data} onSignOut={leave} />
      ) : (
        <TestRunner test={data} onSignedOut={toSignIn} />
      )}
    </CandidateFrame>
  );
}
