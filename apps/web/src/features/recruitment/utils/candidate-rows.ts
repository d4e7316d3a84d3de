import {
  type Candidate,
  type CandidateTestStatus,
  type ChallengeMeta,
  candidateTestStatus,
} from '@agaton/contracts';

/** A candidate as a row of the English Test list. */
export interface CandidateRow {
  candidate: Candidate;
  /** The newest challenge, which decides the status and the code shown (spec 2 §4). */
  latest: ChallengeMeta | undefined;
  status: CandidateTestStatus;
  /** The newest completed challenge, whose CEFR the Result column shows and links to. */
  completed: ChallengeMeta | undefined;
}

const newestFirst = (a: ChallengeMeta, b: ChallengeMeta) => b.createTime.localeCompare(a.createTime);

/** Rows of the list: the status from the newest challenge, the result from the newest completed one. */
export function toRow(candidate: Candidate): CandidateRow {
  // The API answers newest first; sorting again keeps the rule true whatever the order.
  const challenges = [...candidate.recruitInfo.challengesMeta].sort(newestFirst);
  const latest = challenges[0];
  return {
    candidate,
    latest,
    status: candidateTestStatus(latest),
    completed: challenges.find((c) => c.completedAt !== null),
  };
}

/** Whether a candidate belongs to a team: by the team's id among their teams, or their department's name. */
export function inTeam(candidate: Candidate, team: { id: string; name: string }): boolean {
  return candidate.aiCoachInfo.teams.some((t) => t.id === team.id) || candidate.department === team.name;
}

/** Candidates whose name, email or department contains the search text (case-insensitive). */
export function matchesSearch(candidate: Candidate, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [candidate.name, candidate.email, candidate.department ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** The list's rows after the search and the team filter (null = all teams). */
export function filterRows(
  rows: CandidateRow[],
  options: { search: string; team: { id: string; name: string } | null },
): CandidateRow[] {
  return rows.filter(
    ({ candidate }) =>
      matchesSearch(candidate, options.search) && (!options.team || inTeam(candidate, options.team)),
  );
}
