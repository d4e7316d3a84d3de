import { type Admin, type Candidate, hasProductAccess, PRODUCTS, type Team } from '@agaton/contracts';
import { paths } from '../../../config/paths';

export type ChecklistKey = 'access' | 'team' | 'candidate' | 'test' | 'result' | 'trainee' | 'name';

export interface ChecklistItem {
  key: ChecklistKey;
  title: string;
  why: string;
  action: string;
  to: string;
  done: boolean;
}

/** What the checklist is computed from: the admin, the organisation's teams and its candidates. */
export interface ChecklistData {
  admin: Admin;
  teams: Team[];
  candidates: Candidate[];
}

/**
 * The first-run checklist, computed from real data only (no stored ticks): an item is done when the
 * organisation shows it happened, so it stays right whoever did it and however.
 */
export function buildChecklist({ admin, teams, candidates }: ChecklistData): ChecklistItem[] {
  // Candidates of the English Test: those sent a test, and those added without one (Add user leaves
  // the test unsent unless asked, decision 029); a trainee of the learning app alone is not one.
  const recruits = candidates.filter((candidate) => candidate.isRecruit || !candidate.isTrainee);
  const tests = recruits.flatMap((candidate) => candidate.recruitInfo.challengesMeta);
  return [
    {
      key: 'access',
      title: 'Start a trial or open a product',
      why: 'Every product has a free 7-day trial, so you can try it on real people before you buy.',
      action: 'See the products',
      to: paths.dashboard.href(),
      done: PRODUCTS.some((product) => hasProductAccess(admin.productAccess[product])),
    },
    {
      key: 'team',
      title: 'Add a team',
      why: 'Teams group your people, so managers see their own team and results are easy to compare.',
      action: 'Manage teams',
      to: paths.dashboardAssistant.href(),
      done: teams.length > 0,
    },
    {
      key: 'candidate',
      title: 'Add a candidate',
      why: 'A candidate is anyone whose spoken English you want to check before hiring.',
      action: 'Add a candidate',
      to: paths.dashboardTest.href(),
      done: recruits.length > 0,
    },
    {
      key: 'test',
      title: 'Send a first test',
      why: 'The candidate gets an e-mail with the link and a test code; the test takes about 30 minutes.',
      action: 'Send a test',
      to: paths.dashboardTest.href(),
      done: tests.length > 0,
    },
    {
      key: 'result',
      title: 'See a first result',
      why: 'A completed test gives a CEFR rating, scores per skill and the words the candidate found hard.',
      action: 'Open the results',
      to: paths.dashboardTest.href(),
      done: tests.some((test) => test.completedAt !== null),
    },
    {
      key: 'trainee',
      title: 'Invite a trainee',
      why: 'Trainees practise in the English Learning App and you follow their progress.',
      action: 'Invite a trainee',
      to: paths.dashboardTraining.href(),
      done: candidates.some(
        (candidate) => candidate.isTrainee && candidate.traineeInfo.traineeStatus !== 'NotInvited',
      ),
    },
    {
      key: 'name',
      title: 'Set your name',
      why: 'Agaton addresses you by it; keep it as your colleagues know you.',
      action: 'Open My Account',
      to: paths.dashboardSettings.href(),
      done: admin.name.trim().length > 0,
    },
  ];
}
