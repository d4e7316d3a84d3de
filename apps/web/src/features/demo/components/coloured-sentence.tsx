import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { BAND_COLOR, scoreBand } from '../../../components/ui/score-band';
import { DEMO_INVENTED_TEXTS } from '../texts';
import type { ScoreView } from '../utils/score-view';

/**
 * The read sentence (or the transcript) with each word coloured by its score. Words the recogniser
 * was not sure of are grey with a dotted underline: they were not scored, so they get no colour.
 */
export function ColouredSentence({ words, size = 22 }: { words: ScoreView['words']; size?: number }) {
  return (
    <Text fz={size} lh={1.7} fw={500} data-testid="coloured-sentence">
      {words.map((w, i) => {
        const band = scoreBand(w.score);
        const omitted = w.status === 'omitted';
        const hint = w.masked
          ? DEMO_INVENTED_TEXTS.maskedWord
          : w.uncertain
            ? TRANSCRIPT_TEXTS.unsureWord
            : omitted
              ? 'Not heard'
              : w.status === 'inserted'
                ? 'Not in the text'
                : `${w.score} / 100`;
        // Greyed as dimmed text, still readable (AA); the dotted underline marks it unscored.
        const colour = w.uncertain ? 'dimmed' : `${BAND_COLOR[band]}-7`;
        const underline = w.uncertain
          ? '2px dotted var(--mantine-color-gray-4)'
          : `3px solid var(--mantine-color-${BAND_COLOR[band]}-2)`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word may repeat, and the list never reorders
          <Fragment key={`${w.word}-${i}`}>
            <Tooltip label={hint} withArrow openDelay={150}>
              <span
                data-band={w.uncertain ? 'uncertain' : band}
                data-score={w.uncertain ? undefined : w.score}
                data-uncertain={w.uncertain || undefined}
                data-masked={w.masked || undefined}
                style={{
                  color: `var(--mantine-color-${colour})`,
                  textDecoration: omitted ? 'line-through' : undefined,
                  fontStyle: w.status === 'inserted' ? 'italic' : undefined,
                  borderBottom: underline,
                  cursor: 'default',
                }}
              >
                {w.word}
              </span>
            </Tooltip>{' '}
          </Fragment>
        );
      })}
    </Text>
  );
}
