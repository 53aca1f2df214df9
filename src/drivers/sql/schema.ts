import { batchAppendMigration } from './schema-append-batch.ts';
import { artifactsByKindMigration } from './schema-artifacts.ts';
import { contentItemsMigration } from './schema-content.ts';
import { contentTagsMigration } from './schema-content-tags.ts';
import { initialMigration } from './schema-initial.ts';
import {
  longTermKindMigration,
  longTermLiveTermsMigration,
  longTermMigration,
  longTermOriginMigration,
} from './schema-longterm.ts';
import {
  batchedFullTextMigration,
  bodyTextFullTextMigration,
  ginPendingListMigration,
  scopedFullTextMigration,
  watermarkFullTextMigration,
} from './schema-message-search.ts';
import { liveSeqMigration, messagesByRoleMigration } from './schema-messages.ts';
import { metadataKeyMigration, ownerIndexesMigration } from './schema-owner-indexes.ts';
import { forkCountersMigration, sessionOwnerMigration } from './schema-sessions.ts';
import { stateOwnerMigration } from './schema-state.ts';
import type { SqlMigration } from './sql-migration.ts';

/**
 * Every migration, oldest first. Each lives in the file of the data it changes (`schema-<kind>.ts`); what a
 * dialect spells its own way comes from the dialect's hooks (`ddl`, and each full-text index's `ddl`).
 */
export const sqlMigrations: readonly SqlMigration[] = [
  initialMigration,
  stateOwnerMigration,
  forkCountersMigration,
  messagesByRoleMigration,
  batchedFullTextMigration,
  sessionOwnerMigration,
  liveSeqMigration,
  scopedFullTextMigration,
  batchAppendMigration,
  contentItemsMigration,
  longTermMigration,
  ginPendingListMigration,
  longTermOriginMigration,
  watermarkFullTextMigration,
  longTermKindMigration,
  artifactsByKindMigration,
  bodyTextFullTextMigration,
  longTermLiveTermsMigration,
  ownerIndexesMigration,
  metadataKeyMigration,
  contentTagsMigration,
];
