import { type Admin, INSIGHT_PERIODS, type InsightPeriod } from '@agaton/contracts';
import { Group, Select } from '@mantine/core';
import { TR_LABELS } from '../texts';

/** Period (default this week) and, for the cohort, the team: all, or one the admin manages. */
export function InsightsFilters({
  admin,
  period,
  teamId,
  onChange,
  withTeam = true,
}: {
  admin: Admin;
  period: InsightPeriod;
  teamId: string | null;
  onChange: (next: { period: InsightPeriod; teamId: string | null }) => void;
  withTeam?: boolean;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={TR_LABELS.period}
        data={INSIGHT_PERIODS.map((p) => ({ value: p, label: TR_LABELS.periods[p] }))}
        value={period}
        onChange={(v) => v && onChange({ period: v as InsightPeriod, teamId })}
        allowDeselect={false}
        w={180}
        data-testid="period-select"
      />
      {withTeam ? (
        <Select
          label={TR_LABELS.team}
          data={[
            { value: '', label: TR_LABELS.allTeams },
            ...admin.organizationInfo.managedTeams.map((t) => ({ value: t.id, label: t.name })),
          ]}
          value={teamId ?? ''}
          onChange={(v) => onChange({ period, teamId: v || null })}
          allowDeselect={false}
          w={200}
          data-testid="team-select"
        />
      ) : null}
    </Group>
  );
}
