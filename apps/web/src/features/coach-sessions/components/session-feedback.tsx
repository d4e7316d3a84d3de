import { type SessionProfile, sessionTexts } from '@agaton/contracts';
import { Anchor, Breadcrumbs, Center, Grid, Group, Loader, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconCalendar, IconClock, IconMessage } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDuration } from '../../../components/ui/format';
import { PageHeader } from '../../../components/ui/page-header';
import { ScrollTabsList } from '../../../components/ui/scroll-tabs-list';
import { paths } from '../../../config/paths';
import { isPending, useSessionProfile } from '../api/sessions-api';
import { createPlayback, PlaybackContext } from '../hooks/playback';
import { FEEDBACK_SECTIONS as S } from '../texts';
import { type FeedbackTab, feedbackTabs } from '../utils/feedback-tabs';
import { Failed, InProgress, LoadFailed } from './feedback-states';
import { FluencyTab } from './fluency-tab';
import { IntelligibilityTab } from './intelligibility-tab';
import { OverviewTab } from './overview-tab';
import { PronunciationTab } from './pronunciation-tab';
import { RecordingPlayer } from './recording-player';

const F = sessionTexts.feedback;

function Crumbs({ date }: { date?: string }) {
  return (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={paths.coachSessions.href()} size="sm">
        Sessions
      </Anchor>
      {date ? (
        <Text size="sm" c="dimmed">
          {date}
        </Text>
      ) : null}
    </Breadcrumbs>
  );
}

function Meta({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <ThemeIcon size={22} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text size="sm" c="dark.5">
        {children}
      </Text>
    </Group>
  );
}

/** Date, duration and the talk share under the heading (spec 1 section 2). */
function FeedbackMeta({ profile }: { profile: SessionProfile }) {
  return (
    <Group gap="lg" mb="lg" mt={-8} data-testid="feedback-meta">
      <Meta icon={<IconCalendar size={13} />} testId="feedback-date">
        {formatDateTime(profile.timestampSeconds)}
      </Meta>
      <Meta icon={<IconClock size={13} />} testId="feedback-duration">
        {formatDuration(profile.durationSeconds)}
      </Meta>
      {profile.speakingTimePercentage !== null && (
        <Meta icon={<IconMessage size={13} />} testId="feedback-spoke">
          {F.spoke(Math.round(profile.speakingTimePercentage))}
        </Meta>
      )}
    </Group>
  );
}

function Analysed({ profile }: { profile: SessionProfile }) {
  const tabs = feedbackTabs(profile.subProfiles);
  const [tab, setTab] = useState<FeedbackTab>('overview');
  const [playback] = useState(createPlayback);
  const { pronunciationProfile, fluencyProfile, intelligibillityProfile } = profile.subProfiles;
  const active = tabs.includes(tab) ? tab : 'overview';
  return (
    <PlaybackContext.Provider value={profile.recordingUrl ? playback : null}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 2, md: 1 }}>
          <Tabs
            value={active}
            onChange={(value) => value && setTab(value as FeedbackTab)}
            keepMounted={false}
          >
            <ScrollTabsList mb="md">
              {tabs.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {S[t]}
                </Tabs.Tab>
              ))}
            </ScrollTabsList>
            <Tabs.Panel value="overview">
              <OverviewTab profile={profile} onOpenTab={setTab} />
            </Tabs.Panel>
            {pronunciationProfile && (
              <Tabs.Panel value="pronunciation">
                <PronunciationTab profile={pronunciationProfile} words={profile.words} />
              </Tabs.Panel>
            )}
            {fluencyProfile && (
              <Tabs.Panel value="fluency">
                <FluencyTab profile={fluencyProfile} words={profile.words} />
              </Tabs.Panel>
            )}
            {intelligibillityProfile && (
              <Tabs.Panel value="intelligibility">
                <IntelligibilityTab profile={intelligibillityProfile} words={profile.words} />
              </Tabs.Panel>
            )}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 1, md: 2 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <RecordingPlayer profile={profile} playback={profile.recordingUrl ? playback : null} />
          </div>
        </Grid.Col>
      </Grid>
    </PlaybackContext.Provider>
  );
}

/**
 * An organisation admin reading a member's session (spec 1 §6, spec 3 §2.2): the host page shows its own
 * breadcrumb and heading, and handles a failed load (the spec's toast and redirect).
 */
export interface MemberSessionView {
  /** The member's identity id (or coach user id). */
  forUserId: string;
  onError: () => void;
}

/** /coach/sessions/:meetingId: loading, loaded (analysing, failed or analysed) or error (spec 1 section 4). */
export function SessionFeedback({ meetingId, member }: { meetingId: string; member?: MemberSessionView }) {
  const query = useSessionProfile(meetingId, member?.forUserId);
  const profile = query.data;
  const onMemberError = member?.onError;
  const failed = query.isError && !profile;
  useEffect(() => {
    if (failed) onMemberError?.();
  }, [failed, onMemberError]);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py={80} role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  } else if (!profile) {
    body = member ? null : <LoadFailed onRetry={() => query.refetch()} retrying={query.isFetching} />;
  } else if (isPending(profile.analysis)) {
    body = <InProgress profile={profile} />;
  } else if (profile.analysis.status === 'failed') {
    body = <Failed profile={profile} back={!member} />;
  } else {
    body = <Analysed profile={profile} />;
  }
  return (
    <>
      {!member && <Crumbs date={profile ? formatDateTime(profile.timestampSeconds) : undefined} />}
      {!member && <PageHeader title={F.heading} />}
      {profile && <FeedbackMeta profile={profile} />}
      {body}
    </>
  );
}
