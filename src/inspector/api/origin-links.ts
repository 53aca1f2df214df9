import type { Scope } from '../../core/scope.ts';
import { readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import type { ApiContext } from './api-context.ts';

/** Where something came from in the log: a session (of an owner), a message of it, and the step that read it. */
export interface OriginLink {
  /** The session. */
  session: string;
  /** Its owner's user, when the scope has one. */
  user: string | null;
  /** Its owner's agent, when the scope has one. */
  agent: string | null;
  /** The source message, when known. */
  messageId?: string;
  /** That message's place in the log, when found. */
  seq?: number;
  /** The first recorded step that sent that message (in full or cited), when found. */
  step?: number;
}

/**
 * The origin of something made from a session's message: the session and message as given, the message's log
 * position, and the first recorded step whose items cover that position (the step whose read offloaded a tool
 * result, or recorded it). A session the scope cannot see, or a message no longer in the log, gives the link
 * without position or step.
 */
export async function originLink(
  api: ApiContext,
  scope: Scope,
  session: string,
  messageId: string | undefined,
): Promise<OriginLink> {
  const link: OriginLink = { session, user: scope.user ?? null, agent: scope.agent ?? null };
  if (messageId === undefined) return link;
  link.messageId = messageId;
  const { log } = api.source;
  if (!(await log.getSession(scope, session))) return link;
  const [entry] = await log.getMessages(scope, session, [messageId]);
  if (!entry) return link;
  link.seq = entry.seq;
  const records = await readAssemblyRecords(log, scope, session);
  const covers = (r: (typeof records)[number]) =>
    r.items.some(
      (i) => i.fromSeq !== undefined && i.fromSeq <= entry.seq && entry.seq <= (i.toSeq ?? i.fromSeq),
    );
  const step = records.findIndex(covers);
  if (step >= 0) link.step = step;
  return link;
}
