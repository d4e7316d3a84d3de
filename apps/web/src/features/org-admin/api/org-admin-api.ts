import {
  type LicenceSummary,
  licenceSummarySchema,
  type Member,
  type MemberListRequest,
  type MemberListResponse,
  type MemberUpdateRequest,
  type MergeIdentityRequest,
  memberListResponseSchema,
  memberSchema,
  type Team,
  type TeamWithMembers,
  teamListSchema,
  teamSchema,
  teamsWithMembersSchema,
} from '@agaton/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const orgKeys = {
  all: ['session', 'org'] as const,
  members: (orgId: string, request: MemberListRequest) =>
    [...orgKeys.all, orgId, 'members', request] as const,
  teams: (orgId: string) => [...orgKeys.all, orgId, 'teams'] as const,
  licences: (orgId: string) => [...orgKeys.all, orgId, 'licences'] as const,
  teamsWithMembers: (orgId: string) => [...orgKeys.all, orgId, 'teams-with-members'] as const,
};

const base = (orgId: string) => `/astridorg/${encodeURIComponent(orgId)}`;

/** One page of members (POST /members/list); the previous page stays shown while the next loads. */
export function useMembers(orgId: string, request: MemberListRequest, enabled = true) {
  return useQuery({
    enabled,
    queryKey: orgKeys.members(orgId, request),
    queryFn: () =>
      api.request<MemberListResponse>(`${base(orgId)}/members/list`, {
        auth: 'admin',
        body: request,
        schema: memberListResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Teams the admin may see (an owner: all; a manager: the teams they manage). */
export function useTeams(orgId: string) {
  return useQuery({
    queryKey: orgKeys.teams(orgId),
    queryFn: () => api.request<Team[]>(`${base(orgId)}/teams`, { auth: 'admin', schema: teamListSchema }),
  });
}

/** Teams the admin may see, each with its active members. */
export function useTeamsWithMembers(orgId: string) {
  return useQuery({
    queryKey: orgKeys.teamsWithMembers(orgId),
    queryFn: () =>
      api.request<TeamWithMembers[]>(`${base(orgId)}/teams-with-members`, {
        auth: 'admin',
        schema: teamsWithMembersSchema,
      }),
  });
}

/** The Active Licenses and Total Users cards. */
export function useLicences(orgId: string) {
  return useQuery({
    queryKey: orgKeys.licences(orgId),
    queryFn: () =>
      api.request<LicenceSummary>(`${base(orgId)}/licences`, { auth: 'admin', schema: licenceSummarySchema }),
  });
}

/** After any change to members or teams, everything under the organisation is read again. */
function useRefresh(orgId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...orgKeys.all, orgId] });
}

/** PUT /members/{identityId}. */
export function useUpdateMember(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (options: { memberId: string; changes: MemberUpdateRequest }) =>
      api.request<Member>(`${base(orgId)}/members/${options.memberId}`, {
        auth: 'admin',
        method: 'PUT',
        body: options.changes,
        schema: memberSchema,
      }),
    onSuccess: refresh,
  });
}

/** POST /members/{identityId}/set-archive. */
export function useSetArchive(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (options: { memberId: string; isArchived: boolean }) =>
      api.request<Member>(`${base(orgId)}/members/${options.memberId}/set-archive`, {
        auth: 'admin',
        body: { isArchived: options.isArchived },
        schema: memberSchema,
      }),
    onSuccess: refresh,
  });
}

/** Create (no teamId), rename or delete a team. */
export function useTeamMutations(orgId: string) {
  const refresh = useRefresh(orgId);
  const create = useMutation({
    mutationFn: (name: string) =>
      api.request<Team>(`${base(orgId)}/teams`, { auth: 'admin', body: { name }, schema: teamSchema }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: (options: { teamId: string; name: string }) =>
      api.request<Team>(`${base(orgId)}/teams/${options.teamId}`, {
        auth: 'admin',
        method: 'PUT',
        body: { name: options.name },
        schema: teamSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (teamId: string) =>
      api.request<unknown>(`${base(orgId)}/teams/${teamId}`, { auth: 'admin', method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}

/** POST /members/merge-identity: the secondary becomes part of the primary and is deleted. */
export function useMergeIdentity(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (request: MergeIdentityRequest) =>
      api.request<Member>(`${base(orgId)}/members/merge-identity`, {
        auth: 'admin',
        body: request,
        schema: memberSchema,
      }),
    onSuccess: refresh,
  });
}
