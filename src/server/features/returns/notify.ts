import type { AppContext } from '../../context.js';
import type { Db } from './queries.js';
import { type ReturnMailOptions, returnStepMail } from './mail.js';

/**
 * Tells the shopper a return moved a step, in the step's transaction (the durable queue sends it
 * after the commit, never before and never lost).
 *
 * The SMS hook point: when the shop can text (an SmsSender through the same queue), the same
 * step's words are queued here as a text to the order's phone, beside the mail, so every caller
 * (the request and each admin step) texts without a change of its own.
 */
export async function tellShopper(ctx: AppContext, trx: Db, step: ReturnMailOptions): Promise<void> {
  await ctx.outbox.queue(trx, returnStepMail(step));
}
