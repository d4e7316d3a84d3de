import { Alert, Button, Stack } from '@mantine/core';
import { IconPlayerPlay, IconReload, IconVolume } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { CANDIDATE_TEXTS } from '../texts';

type PlayerState = 'idle' | 'playing' | 'played' | 'failed';

/** Plays the listening recording from its signed URL on request; it may be played again. */
export function ListeningPlayer({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PlayerState>('idle');
  const play = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    setState('playing');
    // jsdom and old browsers answer undefined instead of a promise.
    Promise.resolve(element.play()).catch(() => setState('failed'));
  };
  const label =
    state === 'playing'
      ? CANDIDATE_TEXTS.playing
      : state === 'played'
        ? CANDIDATE_TEXTS.playAgain
        : CANDIDATE_TEXTS.play;
  return (
    <Stack gap="xs" align="flex-start">
      {/* biome-ignore lint/a11y/useMediaCaption: the question is about what is heard; no transcript is given on purpose. */}
      <audio
        ref={audio}
        src={src}
        preload="auto"
        onEnded={() => setState('played')}
        onError={() => setState('failed')}
        data-testid="listening-audio"
      />
      <Button
        size="md"
        variant={state === 'played' ? 'light' : 'filled'}
        leftSection={
          state === 'playing' ? (
            <IconVolume size={18} />
          ) : state === 'played' ? (
            <IconReload size={18} />
          ) : (
            <IconPlayerPlay size={18} />
          )
        }
        disabled={state === 'playing'}
        onClick={play}
        aria-live="polite"
      >
        {label}
      </Button>
      {state === 'failed' && (
        <Alert color="orange" role="alert" py="xs">
          {CANDIDATE_TEXTS.audioFailed}
        </Alert>
      )}
    </Stack>
  );
}
