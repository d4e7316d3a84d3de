import type { TimedWord } from '@agaton/contracts';
import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { memo, type RefObject, useCallback, useEffect, useRef } from 'react';
import { UNSURE_WORD_CLASS } from '../../../components/ui/transcript-text';
import { useActiveWord, usePlayback } from '../hooks/playback';
import { isChallenging } from '../utils/timed-words';
import classes from './timed-transcript.module.css';

const Word = memo(function Word({
  word,
  index,
  active,
  playable,
  onPlay,
}: {
  word: TimedWord;
  index: number;
  active: boolean;
  playable: boolean;
  onPlay: (index: number) => void;
}) {
  const challenging = isChallenging(word.score);
  const unsure = word.uncertain === true;
  const className = `${classes.word} ${challenging ? classes.challenging : ''} ${unsure ? UNSURE_WORD_CLASS : ''} ${active ? classes.active : ''}`;
  const title = unsure
    ? TRANSCRIPT_TEXTS.unsureWord
    : word.score === null
      ? undefined
      : `${Math.round(word.score)} / 100`;
  if (!playable) {
    return (
      <span className={className} data-index={index} data-unsure={unsure || undefined} title={title}>
        {word.word}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-index={index}
      data-active={active || undefined}
      data-challenging={challenging || undefined}
      data-unsure={unsure || undefined}
      aria-current={active ? 'true' : undefined}
      title={title}
      onClick={() => onPlay(index)}
    >
      {word.word}
    </button>
  );
});

/**
 * The transcript word by word: the word being played is highlighted, challenging words (80 or below)
 * are underlined, words the recogniser was unsure of are marked as such, and clicking a word plays
 * the recording from it.
 */
export function TimedTranscript({
  words,
  viewportRef,
}: {
  words: readonly TimedWord[];
  /** The scrolling box around the transcript, kept on the word being played. */
  viewportRef?: RefObject<HTMLDivElement | null>;
}) {
  const playback = usePlayback();
  const active = useActiveWord(playback, words);
  const playable = playback !== null;
  const containerRef = useRef<HTMLDivElement>(null);
  const onPlay = useCallback(
    (index: number) => {
      const word = words[index];
      if (word) playback?.playAt(word.start);
    },
    [words, playback],
  );

  // Keep the word being played in view inside the scrolling box, without moving the page.
  useEffect(() => {
    const box = viewportRef?.current;
    const element = containerRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!box || !element || active < 0) return;
    // offsetTop is relative to the transcript (position: relative), which starts at the box's top.
    const top = element.offsetTop;
    if (top < box.scrollTop || top + element.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: 'smooth' });
    }
  }, [active, viewportRef]);

  return (
    <div ref={containerRef} className={classes.transcript} data-testid="timed-transcript">
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: words repeat and the list never reorders
        <span key={index}>
          <Word
            word={word}
            index={index}
            active={index === active}
            playable={playable}
            onPlay={onPlay}
          />{' '}
        </span>
      ))}
    </div>
  );
}
