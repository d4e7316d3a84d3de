import { type Candidate, licencesLeft, type ProductAccessEntry } from '@agaton/contracts';

/** Trainees of the Admin tab: candidates added as trainees or invited at least once (spec 2 §4). */
export function traineesOf(candidates: Candidate[]): Candidate[] {
  return candidates.filter((c) => c.isTrainee || c.traineeInfo.traineeStatus !== 'NotInvited');
}

/** The candidate's team names, as the list shows them. */
export const teamOf = (c: Candidate) =>
  c.aiCoachInfo.teams.map((t) => t.name).join(', ') || c.department || '';

/** Case-insensitive search over name, e-mail and team. */
export function searchTrainees(trainees: Candidate[], search: string): Candidate[] {
  const q = search.trim().toLowerCase();
  if (!q) return trainees;
  return trainees.filter((c) => [c.name, c.email, teamOf(c)].some((v) => v.toLowerCase().includes(q)));
}

/**
 * How many more users the English Learning App takes (spec 2 §9: maxUserCount minus current users,
 * never below 0); null when the plan sets no maximum.
 */
export function usersLeft(access: ProductAccessEntry, trainees: number): number | null {
  if (access.maxUserCount === undefined) return null;
  return licencesLeft(access.maxUserCount, trainees);
}

/**
 * Whether inviting these candidates stays within the users limit: candidates not yet trainees become
 * users of the app (those already trainees are re-invited at no cost).
 */
export function inviteFits(
  candidates: Candidate[],
  selected: ReadonlySet<string>,
  left: number | null,
): boolean {
  if (left === null) return true;
  const newUsers = candidates.filter((c) => selected.has(c.identityId) && !c.isTrainee).length;
  return newUsers <= left;
}
