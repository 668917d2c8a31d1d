import {
  type AdminRole,
  type CreateStaffInput,
  isAdminRole,
  STAFF_MESSAGES,
  type StaffMember,
} from '../../../shared/staff-roles.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeAllSessions } from '../../lib/sessions.js';
import { recordAudit } from '../audit/service.js';
import { generateAdminPassword } from './service.js';
import * as q from './staff-queries.js';

/**
 * The owner's staff page: accounts with a role, made with a one-time password that must be
 * changed at the first sign-in, changed (role, two-factor required) and removed. The shop always
 * keeps an owner; a removed account keeps its row (the audit log names it) and its sessions end.
 */
export class StaffService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<StaffMember[]> {
    return (await q.listStaff(this.ctx.db)).map(toMember);
  }

  async create(actorId: number, input: CreateStaffInput): Promise<{ staff: StaffMember; password: string }> {
    const password = generateAdminPassword();
    const passwordHash = await hashPassword(password);
    try {
      const staff = await this.ctx.db.transaction().execute(async (trx) => {
        if (await q.usernameTaken(trx, input.username)) throw conflict(STAFF_MESSAGES.usernameTaken);
        const now = isoNow(this.ctx.clock);
        const id = await q.insertStaff(trx, {
          username: input.username,
          role: input.role,
          passwordHash,
          totpRequired: input.totpRequired ?? false,
          now,
        });
        await recordAudit(trx, {
          adminId: actorId,
          action: 'admin.create',
          entityType: 'admin',
          entityId: id,
          summary: input.username,
          changes: { role: [null, input.role], totpRequired: [null, input.totpRequired ?? false] },
          at: now,
        });
        return (await q.findStaff(trx, id))!;
      });
      return { staff: toMember(staff), password };
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(STAFF_MESSAGES.usernameTaken);
      throw error;
    }
  }

  async update(actorId: number, id: number, input: { role?: AdminRole; totpRequired?: boolean }): Promise<StaffMember> {
    const staff = await this.ctx.db.transaction().execute(async (trx) => {
      const owners = await q.lockOwners(trx);
      const before = await q.lockStaff(trx, id);
      if (!before) throw notFound(STAFF_MESSAGES.staffNotFound);
      if (input.role !== undefined && input.role !== 'owner' && before.role === 'owner' && owners.length <= 1)
        throw conflict(STAFF_MESSAGES.lastOwner);
      const now = isoNow(this.ctx.clock);
      await q.updateStaff(trx, id, { ...input, now });
      const changes: Record<string, [string | boolean, string | boolean]> = {};
      if (input.role !== undefined && input.role !== before.role) changes.role = [before.role, input.role];
      if (input.totpRequired !== undefined && input.totpRequired !== (before.totp_required === 1))
        changes.totpRequired = [before.totp_required === 1, input.totpRequired];
      if (Object.keys(changes).length > 0) {
        await recordAudit(trx, {
          adminId: actorId,
          action: 'admin.update',
          entityType: 'admin',
          entityId: id,
          summary: before.username,
          changes,
          at: now,
        });
      }
      return (await q.findStaff(trx, id))!;
    });
    return toMember(staff);
  }

  async remove(actorId: number, id: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const owners = await q.lockOwners(trx);
      const before = await q.lockStaff(trx, id);
      if (!before) throw notFound(STAFF_MESSAGES.staffNotFound);
      if (id === actorId) throw conflict(STAFF_MESSAGES.notYourself);
      if (before.role === 'owner' && owners.length <= 1) throw conflict(STAFF_MESSAGES.lastOwner);
      const now = isoNow(this.ctx.clock);
      await q.markRemoved(trx, id, now);
      const ended = await revokeAllSessions(trx, this.ctx.clock, 'admin', id);
      await recordAudit(trx, {
        adminId: actorId,
        action: 'admin.remove',
        entityType: 'admin',
        entityId: id,
        summary: before.username,
        changes: { role: [before.role, null], sessionsEnded: [null, ended] },
        at: now,
      });
    });
  }
}

export function toMember(row: q.StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: isAdminRole(row.role) ? row.role : 'staff',
    totpRequired: row.totp_required === 1,
    totpOn: row.totp_secret !== null,
    mustChangePassword: row.must_change_password === 1,
    createdAt: row.created_at,
  };
}
