import { sessionTexts, type User } from '@agaton/contracts';
import { Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { type RecorderPhase, useMeetingRecorder } from '../hooks/use-meeting-recorder';
import { usePendingRecordings } from '../hooks/use-pending-recordings';
import { useRecordingUpload } from '../hooks/use-recording-upload';
import { RECORDING_TEXTS } from '../texts';
import { isMacUserAgent, recordingGate } from '../utils/recording-gate';
import type { RecordingStore } from '../utils/recording-store';
import { AnalysisView } from './analysis-view';
import { FileDrop } from './file-drop';
import { LeaveModal } from './leave-modal';
import { MacAppPrompt } from './mac-app-prompt';
import { PendingRecordings } from './pending-recordings';
import { RecorderPanel } from './recorder-panel';
import { RecordingGateView } from './recording-gate';
import { FailedView, UploadingView } from './upload-views';

/** The page's states (spec 1 §2 "Record Meeting", §4 "Recording"). */
export type PagePhase = 'inactive' | 'recording' | 'paused' | 'uploading' | 'failed' | 'success';

export function pagePhase(
  recorder: RecorderPhase,
  upload: 'idle' | 'pending' | 'error' | 'success',
): PagePhase {
  if (upload === 'pending') return 'uploading';
  if (upload === 'error') return 'failed';
  if (upload === 'success') return 'success';
  if (recorder === 'paused') return 'paused';
  if (recorder === 'recording' || recorder === 'stopping') return 'recording';
  return 'inactive';
}

export interface RecordMeetingProps {
  user: User;
  /** Overrides for tests. */
  store?: () => Promise<RecordingStore>;
  readDuration?: (file: File) => Promise<number | null>;
  userAgent?: string;
}

/**
 * Record Meeting: record in the browser (or upload a file), upload, then follow the analysis.
 * Recordings are saved to IndexedDB as they are made and offered again until an upload succeeds.
 */
export function RecordMeeting({ user, store, readDuration, userAgent }: RecordMeetingProps) {
  const gate = recordingGate(user.plan);
  const upload = useRecordingUpload({ username: user.email, store });
  const recorder = useMeetingRecorder({
    username: user.email,
    store,
    onFinished: (recording) => upload.upload({ kind: 'stored', id: recording.id }),
    onDiscarded: (reason) => notifications.show({ color: 'red', message: sessionTexts.record[reason] }),
  });
  const phase = pagePhase(recorder.phase, upload.status);
  const idle = phase === 'inactive' && recorder.phase === 'inactive';
  const pending = usePendingRecordings({ username: user.email, enabled: idle, store });
  const blocker = useLeaveGuard(!idle && phase !== 'success');
  const mac = isMacUserAgent(userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent));

  let body: ReactNode;
  if (phase === 'uploading') body = <UploadingView />;
  else if (phase === 'failed') {
    body = (
      <FailedView
        error={upload.error ?? ''}
        kept={upload.job?.kind === 'stored'}
        paymentRequired={upload.paymentRequired}
        onRetry={upload.retry}
        onCancel={upload.reset}
      />
    );
  } else if (phase === 'success' && upload.meetingId) {
    body = <AnalysisView meetingId={upload.meetingId} onDone={upload.reset} />;
  } else if (gate !== 'allowed' && recorder.phase === 'inactive') {
    body = <RecordingGateView gate={gate} />;
  } else body = <RecorderPanel recorder={recorder} />;

  return (
    <>
      <PageHeader title={RECORDING_TEXTS.title} description={RECORDING_TEXTS.description} />
      <Stack maw={640} mx="auto" gap="lg">
        {idle && (
          <PendingRecordings
            recordings={pending.recordings}
            onUpload={(recording) => upload.upload({ kind: 'stored', id: recording.id })}
            onDiscard={(recording) => void pending.discard(recording.id)}
          />
        )}
        <Paper
          withBorder
          radius="lg"
          shadow="sm"
          p={{ base: 'lg', sm: 'xl' }}
          data-testid="record-card"
          data-phase={phase}
        >
          {body}
        </Paper>
        {idle && gate === 'allowed' && (
          <FileDrop
            readDuration={readDuration}
            onFile={(file, times) => upload.upload({ kind: 'file', file, times })}
          />
        )}
        {mac && <MacAppPrompt />}
      </Stack>
      <LeaveModal
        opened={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => {
          recorder.abandon();
          blocker.proceed?.();
        }}
      />
    </>
  );
}
