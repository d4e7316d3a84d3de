import { z } from 'zod';
import { EMAIL_PATTERN, requiredString } from './common.ts';
import { messages } from './errors.ts';

/** Team and organisation roles (spec 2 §3). */
export const ROLES = ['MANAGER', 'REGULAR_MEMBER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
/** Labels shown for roles (spec 2 §3: 'Manager', 'Regular member'). */
export const ROLE_LABELS: Record<Role, string> = { MANAGER: 'Manager', REGULAR_MEMBER: 'Regular member' };

/** Members page sizes (spec 2 §9). */
export const MEMBER_PAGE_SIZES = [25, 50, 100, 500] as const;

export const teamSchema = z.object({ id: z.string(), name: z.string() });
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.array(teamSchema);

export const teamNameRequestSchema = z.object({ name: requiredString().pipe(z.string().max(100)) });
export type TeamNameRequest = z.input<typeof teamNameRequestSchema>;

export const orgParamsSchema = z.object({ orgId: z.string().min(1).max(64) });
export const teamParamsSchema = orgParamsSchema.extend({ teamId: z.uuid() });
export const memberParamsSchema = orgParamsSchema.extend({ identityId: z.uuid() });

export const memberTeamSchema = z.object({ teamId: z.string(), teamName: z.string(), teamRole: roleSchema });

export const memberSchema = z.object({
  astridIdentityId: z.string(),
  externalIds: z.array(z.string()),
  name: z.string(),
  email: z.string(),
  teams: z.array(memberTeamSchema),
  orgRole: roleSchema,
  hasLicense: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const teamWithMembersSchema = teamSchema.extend({ members: z.array(memberSchema) });
export const teamsWithMembersSchema = z.array(teamWithMembersSchema);
export type TeamWithMembers = z.infer<typeof teamWithMembersSchema>;

/** POST /api/astridorg/{orgId}/members/list */
export const memberListRequestSchema = z.object({
  query: z.string().max(200).default(''),
  filters: z
    .object({
      teamId: z.uuid().optional(),
      missingInfo: z.boolean().optional(),
      includeArchived: z.boolean().optional(),
    })
    .default({}),
  pagination: z
    .object({
      /** 1-based page number. */
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(500).default(25),
    })
    .default({ page: 1, pageSize: 25 }),
});
export type MemberListRequest = z.input<typeof memberListRequestSchema>;
export const memberListResponseSchema = z.object({
  members: z.array(memberSchema),
  totalPages: z.number().int(),
  totalMembersMissingInfo: z.number().int(),
});
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

/**
 * PUT /api/astridorg/{orgId}/members/{identityId}. Fields left out are unchanged; `teams`, when sent,
 * replaces the memberships the caller can see (an empty list removes them all).
 */
export const memberUpdateRequestSchema = z.object({
  name: z.string().trim().max(200).optional(),
  email: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, messages.validation.invalidEmail)
    .transform((v) => v.toLowerCase())
    .optional(),
  orgRole: roleSchema,
  teams: z
    .array(z.object({ teamId: z.uuid({ error: messages.validation.teamMissing }), teamRole: roleSchema }))
    .max(100)
    .optional(),
  hasLicense: z.boolean().optional(),
});
export type MemberUpdateRequest = z.input<typeof memberUpdateRequestSchema>;

/** POST /api/astridorg/{orgId}/members/{identityId}/set-archive */
export const setArchiveRequestSchema = z.object({ isArchived: z.boolean() });

/**
 * POST /api/astridorg/{orgId}/members/merge-identity: two identities of one person become the primary
 * (what is kept: docs/decisions/016-org-administration.md).
 */
export const mergeIdentityRequestSchema = z
  .object({ primaryIdentityId: z.uuid(), secondaryIdentityId: z.uuid() })
  .refine((body) => body.primaryIdentityId !== body.secondaryIdentityId, {
    message: 'An identity cannot be merged into itself',
    path: ['secondaryIdentityId'],
  });
export type MergeIdentityRequest = z.infer<typeof mergeIdentityRequestSchema>;

/**
 * GET /api/astridorg/{orgId}/licences: the Active Licenses and Total Users cards (spec 2 §2). Record
 * Meeting licences (coaching On) are limited by productAccess.aiCoach.maxUserCount; its users are the
 * licensed members, so licensesLeft = max − activeLicenses, never below 0 (null = no limit).
 */
export const licenceSummarySchema = z.object({
  /**
   * What the counts cover: the whole organisation (an owner) or the teams a manager manages, the users
   * of their table (docs/decisions/029-manager-permissions.md).
   */
  scope: z.enum(['organisation', 'teams']),
  /** Members with a licence who are not archived. */
  activeLicenses: z.number().int(),
  /** Members who are not archived. */
  totalUsers: z.number().int(),
  /** The organisation's limit; null without one, and always null for the scope 'teams'. */
  maxLicenses: z.number().int().nullable(),
  /** null without a limit, and always null for the scope 'teams'. */
  licensesLeft: z.number().int().nullable(),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;

/** Spec texts of the users and licences table (spec 2 §2); error texts are in `messages.org`. */
export const ORG_TEXTS = { noUsers: 'No users available' } as const;
