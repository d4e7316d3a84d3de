import type { Admin } from '@agaton/contracts';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { HELP_SECTIONS, type HelpLink } from '../help-content';

function SectionLink({ link, onContact }: { link: HelpLink; onContact: () => void }) {
  if ('contact' in link) {
    return (
      <Button variant="light" onClick={onContact}>
        {link.label}
      </Button>
    );
  }
  return (
    <Anchor component={Link} to={link.to}>
      {link.label}
    </Anchor>
  );
}

/** /dashboard/help: what the products do, how tests are sent and scored, trials, privacy and contact. */
export function HelpPage({ admin }: { admin: Admin }) {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <Stack gap="lg">
      {HELP_SECTIONS.map((section) => (
        <Paper
          key={section.id}
          withBorder
          radius="lg"
          p="xl"
          component="section"
          aria-labelledby={`help-${section.id}`}
        >
          <Title order={2} size="h4" mb="sm" id={`help-${section.id}`}>
            {section.title}
          </Title>
          <Stack gap="xs">
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
          {section.links ? (
            <Group mt="md" gap="lg">
              {section.links.map((link) => (
                <SectionLink key={link.label} link={link} onContact={() => setContactOpen(true)} />
              ))}
            </Group>
          ) : null}
        </Paper>
      ))}
      <ContactSalesModal
        opened={contactOpen}
        onClose={() => setContactOpen(false)}
        email={admin.email}
        name={admin.name}
      />
    </Stack>
  );
}
