import {
  type Answer,
  type Calibration,
  type CallList,
  calibrationSchema,
  callAcceptedSchema,
  callListSchema,
  type MemberListResponse,
  memberListResponseSchema,
  type QaDashboard,
  type QcItem,
  type QcItemDetail,
  type QcItemHistory,
  type QcItemList,
  qaDashboardSchema,
  qcItemDetailSchema,
  qcItemHistorySchema,
  qcItemListSchema,
  qcItemSchema,
} from '@agaton/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under 'session' so a new sign-in drops them with the admin (app/provider.tsx). */
export const qaKeys = {
  all: ['session', 'qa'] as const,
  items: (query: QaItemsQuery) => [...qaKeys.all, 'items', query] as const,
  item: (id: string) => [...qaKeys.all, 'item', id] as const,
  dashboard: (query: QaDashboardParams) => [...qaKeys.all, 'dashboard', query] as const,
  agents: (orgId: string, teamId: string | null) => [...qaKeys.all, 'agents', orgId, teamId] as const,
  calls: () => [...qaKeys.all, 'calls'] as const,
  history: (id: string) => [...qaKeys.all, 'history', id] as const,
  calibration: (query: CalibrationParams) => [...qaKeys.all, 'calibration', query] as const,
};

/** GET /api/qa/items query as the alerts table builds it (lists as comma-separated strings). */
export interface QaItemsQuery {
  fromTime?: number;
  toTime?: number;
  teamId?: string;
  userIds?: string;
  flagLevels?: string;
  isReviewed?: 'true' | 'false';
  /** 'true': items with an answer the agent disputes that no reviewer has settled. */
  hasOpenDispute?: 'true' | 'false';
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** GET /api/qa/dashboard query. */
export interface QaDashboardParams {
  fromTime: number;
  toTime: number;
  teamId?: string;
  userIds?: string;
  timeZone: string;
}

/** One page of QA items (spec 3 §2.4); the previous page stays shown while the next loads. */
export function useQaItems(query: QaItemsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: qaKeys.items(query),
    queryFn: () =>
      api.request<QcItemList>('/qa/items', { auth: 'admin', query: { ...query }, schema: qcItemListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** One QA item with its call and transcript (the QA report). */
export function useQaItem(id: string) {
  return useQuery({
    queryKey: qaKeys.item(id),
    queryFn: () =>
      api.request<QcItemDetail>(`/qa/items/${encodeURIComponent(id)}`, {
        auth: 'admin',
        schema: qcItemDetailSchema,
      }),
  });
}

/** The QA Dashboard's figures (spec 3 §2.5). */
export function useQaDashboard(params: QaDashboardParams) {
  return useQuery({
    queryKey: qaKeys.dashboard(params),
    queryFn: () =>
      api.request<QaDashboard>('/qa/dashboard', {
        auth: 'admin',
        query: { ...params },
        schema: qaDashboardSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/qa/question-sets/{id}/calibration query. */
export interface CalibrationParams {
  questionSetId: string;
  fromTime: number;
  toTime: number;
  teamId?: string;
}

/** How often people agree with a scorecard's automatic answers in a period. */
export function useCalibration(params: CalibrationParams) {
  const { questionSetId, ...query } = params;
  return useQuery({
    queryKey: qaKeys.calibration(params),
    queryFn: () =>
      api.request<Calibration>(`/qa/question-sets/${encodeURIComponent(questionSetId)}/calibration`, {
        auth: 'admin',
        query: { ...query },
        schema: calibrationSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** An item's history (oldest first): overrides, their removals, the agent's responses. */
export function useQaItemHistory(id: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: qaKeys.history(id),
    queryFn: () =>
      api.request<QcItemHistory>(`/qa/items/${encodeURIComponent(id)}/history`, {
        auth: 'admin',
        schema: qcItemHistorySchema,
      }),
  });
}

/**
 * After an override or its removal: the item the server answers (effective answers and flags) replaces
 * every cached copy at once — the report keeps its call and transcript — and whatever counts answers
 * (lists and their flag filters, the dashboard, calibration, the history) is asked again.
 */
function applyReviewedItem(queryClient: QueryClient, updated: QcItem): void {
  const replace = <T extends QcItem>(item: T): T =>
    item.qcItemId === updated.qcItemId ? { ...item, ...updated } : item;
  queryClient.setQueriesData<QcItemList>({ queryKey: [...qaKeys.all, 'items'] }, (old) =>
    old ? { ...old, items: old.items.map(replace) } : old,
  );
  queryClient.setQueryData<QcItemDetail>(qaKeys.item(updated.qcItemId), (old) => (old ? replace(old) : old));
  void queryClient.invalidateQueries({
    queryKey: qaKeys.all,
    refetchType: 'active',
    // The report already shows the server's answer; asking for it again would only re-send the transcript.
    predicate: (query) => query.queryKey[2] !== 'item',
  });
}

const answerPath = (vars: { qcItemId: string; questionId: string }) =>
  `/qa/items/${encodeURIComponent(vars.qcItemId)}/answers/${encodeURIComponent(vars.questionId)}/override`;

/**
 * A reviewer overrides an answer with a reason (PUT …/override); an override to the automatic answer
 * confirms it. Either settles an open dispute.
 */
export function useOverrideAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { qcItemId: string; questionId: string; answer: Answer; reason: string }) =>
      api.request<QcItem>(answerPath(vars), {
        auth: 'admin',
        method: 'PUT',
        body: { answer: vars.answer, reason: vars.reason },
        schema: qcItemSchema,
      }),
    onSuccess: (updated) => applyReviewedItem(queryClient, updated),
  });
}

/** Removes an answer's override (DELETE …/override): the automatic answer counts again. */
export function useRemoveOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { qcItemId: string; questionId: string }) =>
      api.request<QcItem>(answerPath(vars), { auth: 'admin', method: 'DELETE', schema: qcItemSchema }),
    onSuccess: (updated) => applyReviewedItem(queryClient, updated),
  });
}

/** The largest page of members the organisation API answers; the pickers list up to this many. */
const AGENT_PICKER_LIMIT = 500;

/** Members the admin sees (a manager: the managed teams'), optionally of one team: the agent picker. */
export function useQaAgents(orgId: string, teamId: string | null) {
  return useQuery({
    queryKey: qaKeys.agents(orgId, teamId),
    queryFn: () =>
      api.request<MemberListResponse>(`/astridorg/${encodeURIComponent(orgId)}/members/list`, {
        auth: 'admin',
        body: {
          filters: teamId ? { teamId } : {},
          pagination: { page: 1, pageSize: AGENT_PICKER_LIMIT },
        },
        schema: memberListResponseSchema,
      }),
    select: (data) => data.members.map((m) => ({ value: m.astridIdentityId, label: m.name || m.email })),
    staleTime: 5 * 60_000,
  });
}

/**
 * Marks an item reviewed or not (spec 3 §2.4, §4). Optimistic: every cached copy of the item flips at
 * once and flips back if the server refuses; the caller shows the spec's error text.
 */
export function useReviewItem() {
  const queryClient = useQueryClient();
  const patchItem = (qcItemId: string, isMarked: boolean) => {
    const flip = <T extends QcItem>(item: T): T =>
      item.qcItemId === qcItemId ? { ...item, review: { isMarked } } : item;
    queryClient.setQueriesData<QcItemList>({ queryKey: [...qaKeys.all, 'items'] }, (old) =>
      old ? { ...old, items: old.items.map(flip) } : old,
    );
    queryClient.setQueryData<QcItemDetail>(qaKeys.item(qcItemId), (old) => (old ? flip(old) : old));
  };
  return useMutation({
    mutationFn: (vars: { qcItemId: string; isReviewed: boolean }) =>
      api.request<QcItem>(`/qa/items/${encodeURIComponent(vars.qcItemId)}/review`, {
        auth: 'admin',
        method: 'PUT',
        body: { isReviewed: vars.isReviewed },
        schema: qcItemSchema,
      }),
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: qaKeys.all });
      patchItem(vars.qcItemId, vars.isReviewed);
    },
    onError: (_error, vars) => patchItem(vars.qcItemId, !vars.isReviewed),
    // Filters on 'reviewed' and the dashboard's totals depend on it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all, refetchType: 'active' }),
  });
}

/** Uploading a call may take a while for a long recording. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** The Upload call form's values. */
export interface CallUpload {
  agentIdentityId: string;
  title: string;
  occurredAt: Date;
  audio: File | null;
  transcript: File | null;
}

/** POST /api/qa/calls (multipart): the text fields first, then the files. Answers 202 with the call id. */
export function useUploadCall() {
  return useMutation({
    mutationFn: (upload: CallUpload) => {
      const form = new FormData();
      form.append('agentIdentityId', upload.agentIdentityId);
      form.append('title', upload.title);
      form.append('occurredAt', upload.occurredAt.toISOString());
      if (upload.audio) form.append('audio', upload.audio, upload.audio.name);
      if (upload.transcript) form.append('transcript', upload.transcript, upload.transcript.name);
      return api.request('/qa/calls', {
        auth: 'admin',
        method: 'POST',
        body: form,
        schema: callAcceptedSchema,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
    },
  });
}

/** How often the call list is asked while a call waits or is analysed, and otherwise. */
export const CALL_POLL_MS = 2000;
const CALL_LIST_IDLE_MS = 30_000;

/**
 * The Upload call list from the server (GET /api/qa/calls): calls waiting, being analysed or failed,
 * and those analysed in the last hour — the same after a reload, in another tab or for another
 * manager. Asked every 2 s while one is unfinished, every 30 s otherwise (another admin's uploads).
 */
export function useCallList() {
  return useQuery({
    queryKey: qaKeys.calls(),
    queryFn: () => api.request<CallList>('/qa/calls', { auth: 'admin', schema: callListSchema }),
    refetchInterval: (query) =>
      query.state.data?.calls.some((c) => c.status === 'queued' || c.status === 'running')
        ? CALL_POLL_MS
        : CALL_LIST_IDLE_MS,
  });
}

/** Retry (POST …/retry) or remove (DELETE) a call whose analysis failed; the list is asked again. */
export function useFailedCallAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { callId: string; action: 'retry' | 'remove' }) =>
      vars.action === 'retry'
        ? api.request(`/qa/calls/${encodeURIComponent(vars.callId)}/retry`, {
            auth: 'admin',
            method: 'POST',
            schema: callAcceptedSchema,
          })
        : api.request(`/qa/calls/${encodeURIComponent(vars.callId)}`, { auth: 'admin', method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.calls() }),
  });
}
