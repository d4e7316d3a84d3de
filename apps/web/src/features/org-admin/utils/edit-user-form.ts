import { EMAIL_PATTERN, type Member, type MemberUpdateRequest, messages, type Role } from '@agaton/contracts';

/** One team row of the Edit user form; empty strings are "not chosen". */
export interface TeamRow {
  teamId: string;
  teamRole: Role | '';
}

export interface EditUserValues {
  name: string;
  email: string;
  orgRole: Role | '';
  teams: TeamRow[];
  hasLicense: boolean;
}

export interface EditUserErrors {
  email?: string;
  orgRole?: string;
  /** 'Please provide organization role', shown above the actions. */
  orgRoleHint?: string;
  /** 'Teams membership is wrong', shown under the team rows. */
  teams?: string;
  rows: { teamId?: string; teamRole?: string }[];
}

export const valuesOf = (member: Member): EditUserValues => ({
  name: member.name,
  email: member.email,
  orgRole: member.orgRole,
  teams: member.teams.map((t) => ({ teamId: t.teamId, teamRole: t.teamRole })),
  hasLicense: member.hasLicense,
});

const isEmpty = (row: TeamRow) => !row.teamId && !row.teamRole;

/**
 * Spec 2 §5 "Edit user": e-mail optional but well formed; the organisation role required; a team row
 * needs both a team and a role, except a row left wholly empty, which is dropped on save.
 */
export function validateEditUser(values: EditUserValues): EditUserErrors | null {
  const errors: EditUserErrors = { rows: values.teams.map(() => ({})) };
  let failed = false;
  const email = values.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) {
    errors.email = messages.validation.invalidEmail;
    failed = true;
  }
  if (!values.orgRole) {
    errors.orgRole = messages.validation.required;
    errors.orgRoleHint = messages.validation.provideOrgRole;
    failed = true;
  }
  values.teams.forEach((row, i) => {
    if (isEmpty(row)) return;
    if (!row.teamId) errors.rows[i].teamId = messages.validation.teamMissing;
    if (!row.teamRole) errors.rows[i].teamRole = messages.validation.teamRoleMissing;
    if (!row.teamId || !row.teamRole) {
      errors.teams = messages.validation.teamsMembershipWrong;
      failed = true;
    }
  });
  return failed ? errors : null;
}

/** The PUT body: trimmed texts, empty rows dropped, hasLicense always sent as a boolean. */
export function toUpdateRequest(values: EditUserValues): MemberUpdateRequest {
  const email = values.email.trim();
  return {
    name: values.name.trim(),
    ...(email ? { email } : {}),
    orgRole: values.orgRole as Role,
    teams: values.teams
      .filter((row) => row.teamId && row.teamRole)
      .map((row) => ({ teamId: row.teamId, teamRole: row.teamRole as Role })),
    hasLicense: values.hasLicense,
  };
}
