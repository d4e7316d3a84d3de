import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card.module.css';

/** A bordered list row that links somewhere, lifting on hover (session and report lists). */
export function LinkCard({
  to,
  children,
  ...props
}: PaperProps & { to: string; children: ReactNode; 'data-testid'?: string; 'data-status'?: string }) {
  return (
    <Paper component={Link} to={to} withBorder radius="md" p="md" className={classes.card} {...props}>
      {children}
    </Paper>
  );
}
