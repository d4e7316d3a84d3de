import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/** Password input whose eye toggle says 'Show password' / 'Hide password' (spec 1 section 5). */
export function PasswordField(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      autoComplete="current-password"
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Hide password' : 'Show password',
        title: visible ? 'Hide password' : 'Show password',
      }}
    />
  );
}
