import { isApproximateTranscript, type ShownWord, TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import classes from './transcript-text.module.css';

/**
 * How every transcript marks what the recogniser was unsure of (issue 26): the word greyed with a
 * dotted underline and a hint. One class, so the session feedback, the QA call, the test report and
 * the demo look the same.
 */
export const UNSURE_WORD_CLASS = classes.unsure;

/** A transcript's words as plain text, the unsure ones marked. */
export function TranscriptWords({ words }: { words: readonly ShownWord[] }) {
  return (
    <>
      {words.map((w, i) =>
        w.uncertain ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: words repeat and the list never reorders
          <span key={i}>
            <span className={classes.unsure} title={TRANSCRIPT_TEXTS.unsureWord} data-unsure>
              {w.word}
            </span>{' '}
          </span>
        ) : (
          `${w.word} `
        ),
      )}
    </>
  );
}

/**
 * "Approximate transcript — …" when most of the words were ones the recogniser was unsure of;
 * nothing otherwise.
 */
export function ApproximateTranscriptNote({ words }: { words: readonly ShownWord[] }) {
  if (!isApproximateTranscript(words)) return null;
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle size={16} />}
      p="xs"
      data-testid="approximate-transcript"
    >
      <Text size="sm">{TRANSCRIPT_TEXTS.approximate}</Text>
    </Alert>
  );
}
