/**
 * Texts of the Record Meeting page that the spec leaves to us (its own texts are
 * `sessionTexts.record` in @agaton/contracts), in one place so the tests import them.
 */
export const RECORDING_TEXTS = {
  title: 'Record Meeting',
  description: 'Record a real meeting or conversation and get coaching feedback on how you speak.',
  uploading: 'Uploading your recording…',
  uploadingHint: 'Keep this page open until the upload finishes.',
  failedTitle: 'Upload failed',
  keptSafe: 'Your recording is saved in this browser, so nothing is lost.',
  analysingTitle: 'Your recording is being analysed',
  analysingHint:
    'This takes a few minutes for a long meeting. You can leave this page; feedback appears in Sessions.',
  analysisDone: 'Your feedback is ready.',
  analysisFailed: 'We could not analyse this recording.',
  stages: {
    queued: 'Waiting for its turn',
    decoding: 'Preparing the audio',
    transcribing: 'Transcribing what was said',
    scoring: 'Scoring your speech',
    reporting: 'Writing your feedback',
    done: 'Done',
  },
  viewFeedback: 'View feedback',
  done: 'Done',
  retry: 'Retry',
  cancel: 'Cancel',
  pendingTitle: 'A recording was not uploaded',
  pendingBody: (when: string, length: string) =>
    `Your recording from ${when} (${length}) is saved in this browser but was never uploaded.`,
  pendingUnfinished: 'It was interrupted before you pressed Stop; everything up to then is kept.',
  pendingUpload: 'Upload it',
  pendingDiscard: 'Discard',
  discardConfirm: 'Discard this recording? It is deleted from this browser and cannot be recovered.',
  discardYes: 'Yes, discard',
  dropTitle: 'Or upload a recording',
  dropHint: (extensions: readonly string[]) =>
    `Drag a file here or click to choose one (${extensions.join(', ')}).`,
  dropRejected: (extensions: readonly string[]) =>
    `This file type is not supported. Choose ${extensions.join(', ')}.`,
  dropUnreadable: "We couldn't read the length of this file. Please check it plays, or choose another file.",
  macTitle: 'Recording on a Mac?',
  macBody: 'Get the Agaton app for Mac to record your meetings outside the browser.',
  macLink: 'Download the Mac app',
  noMinutesTitle: 'No recording minutes left',
  canceledTitle: 'Your subscription has ended.',
  feedbackTooltip: 'Your feedback will be waiting in Sessions, with every recording you make.',
  feedbackTooltipClose: 'Got it',
  allSessions: 'See all your sessions',
} as const;

/** localStorage flag: the one-time feedback tooltip has been shown (spec 1 §2, §3). */
export const FEEDBACK_TOOLTIP_KEY = 'agaton.feedbackTooltipShown';
