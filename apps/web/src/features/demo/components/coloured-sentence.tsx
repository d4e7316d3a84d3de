import { Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { BAND_COLOR, scoreBand } from '../utils/banding';
import type { ScoreView } from '../utils/score-view';

/** The read sentence (or the transcript) with each word coloured by its score. */
export function ColouredSentence({ words, size = 22 }: { words: ScoreView['words']; size?: number }) {
  return (
    <Text fz={size} lh={1.7} fw={500} data-testid="coloured-sentence">
      {words.map((w, i) => {
        const band = scoreBand(w.score);
        const omitted = w.status === 'omitted';
        const hint = omitted ? 'Not heard' : w.status === 'inserted' ? 'Not in the text' : `${w.score} / 100`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word may repeat, and the list never reorders
          <Fragment key={`${w.word}-${i}`}>
            <Tooltip label={hint} withArrow openDelay={150}>
              <span
                data-band={band}
                data-score={w.score}
                style={{
                  color: `var(--mantine-color-${BAND_COLOR[band]}-7)`,
                  textDecoration: omitted ? 'line-through' : undefined,
                  fontStyle: w.status === 'inserted' ? 'italic' : undefined,
                  borderBottom: `3px solid var(--mantine-color-${BAND_COLOR[band]}-2)`,
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
