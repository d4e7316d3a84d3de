import type { Admin } from '@agaton/contracts';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { ASSISTANT_LABELS as L } from '../texts';

/** The assistant product page's contact-sales banner (spec 3 §2.1), with the shared contact form. */
export function ContactSalesBanner({ admin }: { admin: Admin }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" px="md" py="xs" mb="lg" data-testid="contact-sales-banner">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconHeadset size={18} stroke={1.5} style={{ flexShrink: 0 }} />
          <Text size="sm">{L.banner.text}</Text>
        </Group>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {L.banner.action}
        </Button>
      </Group>
      <ContactSalesModal
        opened={open}
        onClose={() => setOpen(false)}
        email={admin.email}
        name={admin.name}
        planName={L.banner.planName}
      />
    </Paper>
  );
}
