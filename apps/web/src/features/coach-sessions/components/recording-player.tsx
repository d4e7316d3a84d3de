import type { SessionProfile } from '@agaton/contracts';
import {
  ActionIcon,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatClock } from '../../../components/ui/format';
import { ApproximateTranscriptNote } from '../../../components/ui/transcript-text';
import { type Playback, usePlaybackState } from '../hooks/playback';
import { SESSION_INVENTED_TEXTS as T } from '../texts';
import { TimedTranscript } from './timed-transcript';

const RATES = ['0.75', '1', '1.25'] as const;

function Controls({ playback, fallbackDuration }: { playback: Playback; fallbackDuration: number }) {
  const state = usePlaybackState(playback);
  const duration = state.duration || fallbackDuration;
  if (state.failed) {
    return (
      <Text size="sm" c="dimmed" role="alert">
        {T.recordingFailed}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          size={44}
          radius="xl"
          variant="filled"
          aria-label={state.playing ? T.pause : T.play}
          onClick={() => playback.toggle()}
          data-testid="play-toggle"
        >
          {state.playing ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(state.time, duration)}
          onChange={(value) => playback.seek(value)}
          label={(value) => formatClock(value)}
          size="sm"
          thumbSize={14}
          thumbLabel={T.seek}
        />
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" ff="monospace" data-testid="player-clock">
          {formatClock(state.time)} / {formatClock(duration)}
        </Text>
        <SegmentedControl
          size="xs"
          radius="xl"
          aria-label={T.speed}
          value={String(state.rate)}
          onChange={(value) => playback.setRate(Number(value))}
          data={RATES.map((rate) => ({ value: rate, label: `${rate}×` }))}
        />
      </Group>
    </Stack>
  );
}

/**
 * The session's recording with its transcript below: the word being played is highlighted and any
 * word plays the recording from it (beyond the spec).
 */
export function RecordingPlayer({
  profile,
  playback,
}: {
  profile: SessionProfile;
  playback: Playback | null;
}) {
  // The API signs a fresh link on every fetch: keep the first so a refetch never restarts playback.
  const [src] = useState(profile.recordingUrl);
  const hasWords = profile.words.length > 0;
  const viewportRef = useRef<HTMLDivElement>(null);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="recording-player">
      <Group gap="xs" mb="sm">
        <IconVolume size={18} color="var(--mantine-color-brand-6)" />
        <Title order={2} fz="md">
          {T.recording}
        </Title>
      </Group>
      {src && playback ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption */}
          <audio ref={playback.attach} src={src} preload="metadata" />
          <Controls playback={playback} fallbackDuration={profile.durationSeconds} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {T.noRecording}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt="md" mb={6}>
        {hasWords && playback ? T.playerHint : null}
      </Text>
      <ApproximateTranscriptNote words={profile.words} />
      <ScrollArea.Autosize
        mah={{ base: '34vh', md: 'min(60vh, 520px)' }}
        type="auto"
        offsetScrollbars
        viewportRef={viewportRef}
      >
        {hasWords ? (
          <TimedTranscript words={profile.words} viewportRef={viewportRef} />
        ) : (
          <Text size="sm" c="dimmed">
            {profile.transcript || T.noTranscript}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}
