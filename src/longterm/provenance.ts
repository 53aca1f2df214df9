import type { LongTermOrigin, LongTermProvenance } from './long-term-record.ts';
import { longTermOrigins } from './long-term-record.ts';

const origins = new Set<string>(longTermOrigins);

/** Whether a value is a {@link LongTermOrigin}. */
export const isLongTermOrigin = (value: unknown): value is LongTermOrigin =>
  typeof value === 'string' && origins.has(value);

/**
 * A copy of stored provenance with every field present: provenance written before records carried their origin
 * reads back as origin `unknown`, tool-derived when it names a tool or a `tool` role.
 */
export function copyProvenance(stored: Partial<LongTermProvenance>): LongTermProvenance {
  const roles = Array.isArray(stored.roles) ? [...stored.roles] : [];
  const out: LongTermProvenance = {
    origin: isLongTermOrigin(stored.origin) ? stored.origin : 'unknown',
    toolDerived:
      typeof stored.toolDerived === 'boolean'
        ? stored.toolDerived
        : stored.tool !== undefined || roles.includes('tool'),
    messageIds: Array.isArray(stored.messageIds) ? [...stored.messageIds] : [],
    roles,
  };
  if (typeof stored.tool === 'string') out.tool = stored.tool;
  if (typeof stored.session === 'string') out.session = stored.session;
  if (typeof stored.toolCallId === 'string') out.toolCallId = stored.toolCallId;
  return out;
}

const said: Record<LongTermOrigin, string> = {
  user: 'user said',
  assistant: 'model said',
  tool: 'tool returned',
  agent: 'model recorded',
  extracted: 'extracted from conversation',
  conversation: 'conversation',
  system: 'system said',
  app: 'app added',
  unknown: 'origin unknown',
};

/** Who a record came from, as the few words the recall block shows (`user said`, `tool returned`, `model said after tool output`). */
export function provenanceLabel(p: Partial<LongTermProvenance> | undefined): string {
  const words = (isLongTermOrigin(p?.origin) && said[p.origin]) || said.unknown;
  return p?.toolDerived === true && p.origin !== 'tool' ? `${words}, includes tool output` : words;
}
