import {
  type AssessmentStatus,
  type CandidateContent,
  type CandidateTest,
  type PartProgress,
  TEST_PARTS,
  type TestLevel,
  type TestPart,
} from '@agaton/contracts';
import { formatDuration } from '../../../components/ui/format';

/** The question the candidate answers now, with what the screen needs to show it. */
export type TestItem =
  | { kind: 'reading'; id: string; text: string }
  | { kind: 'listening'; id: string; text: string; options: string[]; audioUrl: string }
  | { kind: 'comprehension'; id: string; text: string; options: string[]; readingText: string }
  | { kind: 'free-speech'; id: string; text: string };

/** What the runner shows, computed from the server's status alone (a reload shows the same). */
export type TestScreen =
  | { kind: 'finished' }
  | { kind: 'intro'; part: TestPart; progress: PartProgress; previous: PartProgress | null }
  | { kind: 'item'; part: TestPart; progress: PartProgress; item: TestItem }
  | { kind: 'missing'; part: TestPart; progress: PartProgress };

/** Finds an item of `part` by id in the candidate's drawn content (free speech: at any level). */
export function findItem(
  content: CandidateContent,
  part: TestPart,
  level: TestLevel,
  itemId: string,
): TestItem | null {
  const levels = part === 'FreeSpeech' ? Object.values(content.levels) : [content.levels[level]];
  for (const l of levels) {
    if (!l) continue;
    if (part === 'Reading') {
      const s = l.reading.sentences.find((x) => x.id === itemId);
      if (s) return { kind: 'reading', id: s.id, text: s.text };
    } else if (part === 'Listening') {
      const q = l.listening.questions.find((x) => x.id === itemId);
      if (q) return { kind: 'listening', ...q };
    } else if (part === 'ReadingComprehension') {
      const q = l.readingComprehension.questions.find((x) => x.id === itemId);
      if (q) return { kind: 'comprehension', ...q };
    } else {
      const t = l.freeSpeech.topics.find((x) => x.id === itemId);
      if (t) return { kind: 'free-speech', id: t.id, text: t.text };
    }
  }
  return null;
}

/**
 * The parts this test has, in order. A part with nothing to ask is left out by the server (listening
 * where it cannot speak): it comes finished with no questions and is not shown.
 */
export function partsInTest(status: AssessmentStatus): TestPart[] {
  return TEST_PARTS.filter((part) => {
    const progress = status.parts.find((p) => p.part === part);
    return !progress || progress.total > 0;
  });
}

/** The part before `part` in this test, with its progress (null for the first part). */
function previousOf(status: AssessmentStatus, part: TestPart): PartProgress | null {
  const parts = partsInTest(status);
  const index = parts.indexOf(part);
  if (index <= 0) return null;
  return status.parts.find((p) => p.part === parts[index - 1]) ?? null;
}

/** Decides the runner's screen: the summary, a part's introduction, or the current question. */
export function screenFor(test: CandidateTest): TestScreen {
  const status = test.assessmentStatus;
  if (status.isFinished) return { kind: 'finished' };
  const progress =
    status.parts.find((p) => p.part === status.currentPart && p.state !== 'finished') ??
    status.parts.find((p) => p.state !== 'finished');
  if (!progress) return { kind: 'finished' };
  const { part } = progress;
  if (progress.state === 'not-started') {
    return { kind: 'intro', part, progress, previous: previousOf(status, part) };
  }
  const item = progress.itemId ? findItem(test.content, part, progress.level, progress.itemId) : null;
  return item ? { kind: 'item', part, progress, item } : { kind: 'missing', part, progress };
}

/** Whether a part's clock is running now (the candidate is in the middle of it). */
export function partInProgress(status: AssessmentStatus): boolean {
  return !status.isFinished && status.parts.some((p) => p.state === 'in-progress');
}

/** Whether the candidate has started any part yet ("Start" or "Continue the test"). */
export function testStarted(status: AssessmentStatus): boolean {
  return status.parts.some((p) => p.state !== 'not-started');
}

/** A part's time limit in words: '6 minutes' for whole minutes, otherwise hh:mm:ss. */
export function formatLimit(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return formatDuration(seconds);
}

/** The time of `parts` (default: all) in minutes, rounded up, for "about N minutes". */
export function totalMinutes(content: CandidateContent, parts: readonly TestPart[] = TEST_PARTS): number {
  const limits = content.timeLimitsSeconds;
  return Math.ceil(parts.reduce((sum, part) => sum + limits[part], 0) / 60);
}

/** Server clock minus ours, from a status's serverTime read just now; 0 when unreadable. */
export function serverOffsetMs(serverTime: string, now = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - now;
}

/** Whole seconds left until `deadline` by the server's clock (never negative). */
export function secondsLeft(deadline: string, offsetMs: number, now = Date.now()): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - (now + offsetMs)) / 1000));
}
