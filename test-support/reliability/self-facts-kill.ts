/** The scope, session and messages of the self facts' SIGKILL test (its child and the test share them). */
export const selfFactsKill = {
  scope: { tenant: 'kill', user: 'ada' },
  session: 's1',
  first: { id: 'm1', role: 'user', content: 'I live in Oslo.', createdAt: new Date('2025-01-02T00:00:00Z') },
  second: {
    id: 'm2',
    role: 'user',
    content: 'I moved to Bergen.',
    createdAt: new Date('2025-01-04T00:00:00Z'),
  },
} as const;
