import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';

/** Makes sure an admin can log in after start-up (ADMIN_* variables, or a generated first admin). */
export async function ensureBootstrapAdmin(_ctx: AppContext, _log: FastifyBaseLogger): Promise<void> {
  // Filled in by the admin accounts work.
}
