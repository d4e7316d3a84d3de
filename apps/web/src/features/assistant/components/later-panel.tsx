import type { Admin } from '@agaton/contracts';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/ui/page-states';
import { ASSISTANT_LABELS as L } from '../texts';
import { tabsFor } from '../utils/tabs';

type LaterTab = keyof typeof L.later;

/** The next step out of a tab without content: Coaching when the admin has it, else Admin. */
function NextStep({ admin }: { admin: Admin }) {
  const coaching = tabsFor(admin).includes('coaching');
  return (
    <Button component={Link} to={{ search: coaching ? '?tab=coaching' : '' }} variant="light" size="sm">
      {coaching ? L.laterAction : L.laterActionNoCoaching}
    </Button>
  );
}

/**
 * A tab whose content is not built yet (QA Dashboard, QA Alerts, Scorecard Management): an honest
 * empty state that says what will be there, and a next step to a tab that works today.
 */
export function LaterPanel({ tab, admin }: { tab: LaterTab; admin: Admin }) {
  return (
    <EmptyPanel
      testId={`later-${tab}`}
      text={L.later[tab].text}
      hint={L.later[tab].hint}
      action={<NextStep admin={admin} />}
    />
  );
}
