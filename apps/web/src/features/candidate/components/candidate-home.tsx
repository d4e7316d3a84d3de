import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { candidateTestKey, parseCandidateTest } from '../api/candidate-api';
import { useCandidateSignOut, useCandidateTest } from '../hooks/use-candidate-test';
import { CANDIDATE_TEXTS } from '../texts';
import { partInProgress } from '../utils/test-view';
import { CandidateFrame } from './candidate-frame';
import { CandidateSignIn } from './candidate-sign-in';
import { CandidateWelcome } from './candidate-welcome';
import { CandidateLoadError, CandidateLoading } from './page-states';
import { TestComplete } from './test-complete';

/**
 * /candidate: sign-in, or with a stored candidate token the test from the server: the welcome, the
 * completed test, or — when a part's clock is running (a reload in the middle of a part lands here
 * through the start-up rule) — straight back into the test.
 */
export function CandidateHome() {
  const { signedIn, data, error, refetch, isFetching } = useCandidateTest();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useCandidateSignOut();
  const resume = !!data && partInProgress(data.assessmentStatus);
  useEffect(() => {
    if (resume) navigate(paths.assessment.href(), { replace: true });
  }, [resume, navigate]);

  if (!signedIn) {
    return (
      <AuthLayout title={CANDIDATE_TEXTS.title}>
        <CandidateSignIn
          onSignedIn={(answer) => {
            const test = parseCandidateTest(answer);
            if (test) queryClient.setQueryData(candidateTestKey, test);
          }}
        />
      </AuthLayout>
    );
  }
  if (!data) {
    return (
      <CandidateFrame>
        {error ? (
          <CandidateLoadError
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
            onSignOut={signOut}
          />
        ) : (
          <CandidateLoading />
        )}
      </CandidateFrame>
    );
  }
  if (data.assessmentStatus.isFinished) {
    return (
      <CandidateFrame title={CANDIDATE_TEXTS.complete}>
        <TestComplete test={data} onSignOut={signOut} />
      </CandidateFrame>
    );
  }
  return (
    <CandidateFrame>
      {resume ? (
        <CandidateLoading />
      ) : (
        <CandidateWelcome test={data} onStart={() => navigate(paths.assessment.href())} onSignOut={signOut} />
      )}
    </CandidateFrame>
  );
}
