import { describe, expect, it } from 'vitest';
import { profile } from '../api/session-fixtures.test-helper';
import { feedbackTabs } from './feedback-tabs';

describe('feedbackTabs', () => {
  const all = profile().subProfiles;

  it('shows Overview always and each other tab only with its sub-profile', () => {
    expect(feedbackTabs(all)).toEqual(['overview', 'pronunciation', 'fluency', 'intelligibility']);
    expect(feedbackTabs({})).toEqual(['overview']);
    expect(feedbackTabs({ fluencyProfile: all.fluencyProfile })).toEqual(['overview', 'fluency']);
    expect(feedbackTabs({ intelligibillityProfile: all.intelligibillityProfile })).toEqual([
      'overview',
      'intelligibility',
    ]);
  });
});
