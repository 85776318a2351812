import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

export type NotificationType = "list_like" | "comment_like" | "comment" | "comment_reply";

export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  actorId: string;
  actorName: string;
  listUserId?: string;
  listId?: string;
  commentId?: string;
  content?: string;
}

/**
 * Written in the caller's transaction, so a notification exists exactly when
 * its cause does. Nobody is notified of their own action.
 */
export async function notify(tx: Tx | Db, n: NewNotification): Promise<void> {
  if (n.recipientId === n.actorId) return;
  await tx.insert(notifications).values({ id: randomUUID(), ...n });
}
