import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Inline error of an auth form; announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
      {message}
    </Alert>
  );
}
