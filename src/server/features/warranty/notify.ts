import type { AppContext } from '../../context.js';
import { provedPhone } from '../sms/queries.js';
import { type ClaimStepOptions, claimStepMail, claimStepText } from './mail.js';
import type { Db } from './queries.js';

/**
 * Tells the shopper a claim moved a step, in the step's transaction: the mail and the text are
 * jobs of the durable queue, sent after the commit, never before and never lost. As with the order
 * texts, only a number the shopper proved with a code is texted (a delivery phone typed at checkout
 * may be anybody's); a shopper who turned order texts off gets none.
 */
export async function tellShopper(ctx: AppContext, trx: Db, step: ClaimStepOptions & { userId: number }): Promise<void> {
  await ctx.outbox.queue(trx, claimStepMail(step));
  const to = await provedPhone(trx, step.userId);
  if (!to) return;
  await ctx.sms.queueLater(trx, {
    to,
    kind: 'order',
    userId: step.userId,
    text: claimStepText(step),
  });
}
