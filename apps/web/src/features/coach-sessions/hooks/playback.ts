import type { TimedWord } from '@agaton/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { activeWordIndex } from '../utils/timed-words';

export interface PlaybackSnapshot {
  /** Seconds into the recording. */
  time: number;
  duration: number;
  playing: boolean;
  rate: number;
  /** The recording could not be loaded. */
  failed: boolean;
}

const initial: PlaybackSnapshot = { time: 0, duration: 0, playing: false, rate: 1, failed: false };

/**
 * The recording's playback, outside React state: the player, the transcript and any "play this word"
 * button share it, and only what a component selects re-renders it (the transcript re-renders when
 * the word being played changes, not on every frame).
 */
export function createPlayback() {
  let audio: HTMLAudioElement | null = null;
  let snapshot = initial;
  let frame = 0;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<PlaybackSnapshot>) => {
    const next = { ...snapshot, ...patch };
    if (
      Object.keys(patch).every(
        (k) => next[k as keyof PlaybackSnapshot] === snapshot[k as keyof PlaybackSnapshot],
      )
    ) {
      return;
    }
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const readTime = () => {
    if (audio) update({ time: audio.currentTime });
  };

  // While playing, follow the clock every frame: timeupdate fires only about four times a second.
  const tick = () => {
    readTime();
    frame = requestAnimationFrame(tick);
  };
  const stopTicking = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };

  const handlers: Record<string, () => void> = {
    play: () => {
      update({ playing: true });
      stopTicking();
      frame = requestAnimationFrame(tick);
    },
    pause: () => {
      stopTicking();
      readTime();
      update({ playing: false });
    },
    ended: () => {
      stopTicking();
      readTime();
      update({ playing: false });
    },
    timeupdate: readTime,
    seeked: readTime,
    loadedmetadata: () => {
      if (audio && Number.isFinite(audio.duration)) update({ duration: audio.duration });
    },
    durationchange: () => {
      if (audio && Number.isFinite(audio.duration)) update({ duration: audio.duration });
    },
    ratechange: () => {
      if (audio) update({ rate: audio.playbackRate });
    },
    error: () => update({ failed: true, playing: false }),
  };

  return {
    /** Ref callback for the one <audio> element. */
    attach(element: HTMLAudioElement | null) {
      if (audio) for (const [name, fn] of Object.entries(handlers)) audio.removeEventListener(name, fn);
      stopTicking();
      audio = element;
      if (audio) {
        for (const [name, fn] of Object.entries(handlers)) audio.addEventListener(name, fn);
        handlers.durationchange?.();
      }
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Jump to `seconds` and play from there. */
    playAt(seconds: number) {
      if (!audio) return;
      audio.currentTime = Math.max(0, seconds);
      update({ time: audio.currentTime });
      audio.play().catch(() => update({ playing: false }));
    },
    seek(seconds: number) {
      if (!audio) return;
      audio.currentTime = Math.max(0, seconds);
      update({ time: audio.currentTime });
    },
    toggle() {
      if (!audio) return;
      if (audio.paused) audio.play().catch(() => update({ playing: false }));
      else audio.pause();
    },
    setRate(rate: number) {
      if (audio) audio.playbackRate = rate;
      update({ rate });
    },
  };
}

export type Playback = ReturnType<typeof createPlayback>;

export const PlaybackContext = createContext<Playback | null>(null);

/** The page's playback, or null outside a feedback page (nothing to play). */
export const usePlayback = () => useContext(PlaybackContext);

const noSubscribe = () => () => {};

/** The whole playback state (re-renders on every frame while playing: controls only). */
export function usePlaybackState(playback: Playback | null): PlaybackSnapshot {
  return useSyncExternalStore(playback?.subscribe ?? noSubscribe, playback?.getSnapshot ?? (() => initial));
}

/** Index of the word being played, re-rendering only when it changes. */
export function useActiveWord(playback: Playback | null, words: readonly TimedWord[]): number {
  return useSyncExternalStore(playback?.subscribe ?? noSubscribe, () => {
    if (!playback) return -1;
    const { time, playing } = playback.getSnapshot();
    // Before the first play nothing is "being played", even if the first word starts at 0.
    return playing || time > 0 ? activeWordIndex(words, time) : -1;
  });
}
