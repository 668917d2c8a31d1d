import { nepaliMobile } from '../../../shared/sms.js';
import type { AppContext } from '../../context.js';
import { type ClaimStepOptions, claimStepMail, claimStepText } from './mail.js';
import type { Db } from './queries.js';

/**
 * Tells the shopper a claim moved a step, in the step's transaction: the mail and the text are
 * jobs of the durable queue, sent after the commit, never before and never lost. The text goes to
 * the order's delivery phone when it is a mobile, else the account's (as the order texts do); a
 * shopper who turned order texts off gets none.
 */
export async function tellShopper(
  ctx: AppContext,
  trx: Db,
  step: ClaimStepOptions & { userId: number; orderPhone: string; accountPhone: string },
): Promise<void> {
  await ctx.outbox.queue(trx, claimStepMail(step));
  await ctx.sms.queueLater(trx, {
    to: nepaliMobile(step.orderPhone) ?? step.accountPhone,
    kind: 'order',
    userId: step.userId,
    text: claimStepText(step),
  });
}
