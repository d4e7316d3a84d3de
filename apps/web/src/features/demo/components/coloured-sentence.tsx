import { Text, Tooltip } from '@mantine/core';
import { BAND_COLOR, scoreBand } from '../utils/banding';
import type { ScoreView } from '../utils/score-view';

/** The read sentence (or the transcript) with each word coloured by its score. */
export function ColouredSentence({ words }: { words: ScoreView['words'] }) {
  return (
    <Text fz={22} lh={1.6} fw={500} data-testid="coloured-sentence">
      {words.map((w, i) => {
        const band = scoreBand(w.score);
        const omitted = w.status === 'omitted';
        const hint = omitted ? 'Not heard' : w.status === 'inserted' ? 'Not in the text' : `${w.score} / 100`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word may repeat, and the list never reorders
          <Tooltip key={`${w.word}-${i}`} label={hint} withArrow openDelay={150}>
            <span
              data-band={band}
              data-score={w.score}
              style={{
                color: `var(--mantine-color-${BAND_COLOR[band]}-7)`,
                textDecoration: omitted ? 'line-through' : undefined,
                fontStyle: w.status === 'inserted' ? 'italic' : undefined,
                borderBottom: `3px solid var(--mantine-color-${BAND_COLOR[band]}-2)`,
                marginRight: '0.3em',
                cursor: 'default',
              }}
            >
              {w.word}
            </span>
          </Tooltip>
        );
      })}
    </Text>
  );
}
