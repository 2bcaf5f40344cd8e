import { z } from 'zod';
import { idSchema, timestampSchema } from './responses.js';
import { emailSchema } from './user.js';

/**
 * A store's employees (SPEC §6 "employee accounts with restricted access; the owner defines the
 * levels"; issue 15, decision 022). The owner invites a person by e-mail with a level; the person
 * accepts by signing in (or registering) with that e-mail and from then on manages the parts of
 * the store their level opens. The owner alone manages money, domains and the employees.
 */

/** What the owner may give an employee, widest first. */
export const EMPLOYEE_LEVELS = ['full', 'orders', 'catalog', 'analytics'] as const;
export type EmployeeLevel = (typeof EMPLOYEE_LEVELS)[number];
export const employeeLevelSchema = z.enum(EMPLOYEE_LEVELS, 'invalidValue');

/** Who a signed-in user is to a store: its owner, or an employee of a level. */
export type MarketAccess = 'owner' | EmployeeLevel;
export const marketAccessSchema = z.enum(['owner', ...EMPLOYEE_LEVELS]);

/**
 * The parts of a store every market-scoped route and panel screen belongs to, and the levels
 * each is open to (the owner has them all):
 * - store: the store itself as the panel shows it (its name, its address) — everyone of it;
 * - orders: orders, customers, abandoned checkouts;
 * - catalog: products, categories, collections, inventory, and the discounts on them;
 * - analytics: the dashboard and its reports, read only;
 * - settings: the store's details, shipping, policies, order and reminder settings, pixels;
 * - owner: billing, payments and payouts, bank details, domains, the employees.
 */
export const AREA_LEVELS = {
  store: ['full', 'orders', 'catalog', 'analytics'],
  orders: ['full', 'orders'],
  catalog: ['full', 'catalog'],
  analytics: ['full', 'analytics'],
  settings: ['full'],
  owner: [],
} as const satisfies Record<string, readonly EmployeeLevel[]>;
export type MarketArea = keyof typeof AREA_LEVELS;

/** Whether `access` opens `area`. */
export function canAccess(access: MarketAccess, area: MarketArea): boolean {
  return access === 'owner' || (AREA_LEVELS[area] as readonly EmployeeLevel[]).includes(access);
}

/** People one store may have, invited or working: the owner aside. */
export const EMPLOYEES_PER_MARKET = 20;
/** An invitation is good for a week. */
export const INVITATION_DAYS = 7;

/** POST /markets/{marketId}/employees: invites a person (or invites again, with a new link). */
export const inviteEmployeeSchema = z.strictObject({
  email: emailSchema,
  level: employeeLevelSchema,
});
export type InviteEmployeeInput = z.input<typeof inviteEmployeeSchema>;

/** PUT /markets/{marketId}/employees/{id}: another level, at once. */
export const updateEmployeeSchema = z.strictObject({ level: employeeLevelSchema });
export type UpdateEmployeeInput = z.input<typeof updateEmployeeSchema>;

/**
 * One person of the store as its owner sees them: working (`active`, with their name), or
 * invited (`invited` until the link's week is over, then `expired`).
 */
export const employeeSchema = z.strictObject({
  id: idSchema,
  status: z.enum(['active', 'invited', 'expired']),
  email: z.string(),
  /** The person's name, once they have an account here (null for an invitation). */
  name: z.string().nullable(),
  level: employeeLevelSchema,
  /** When they were invited (an invitation) or started (an employee). */
  since: timestampSchema,
  /** When the invitation's link stops working (null for an employee). */
  expiresAt: timestampSchema.nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** GET /Invitation/{token}: what the invited person sees before accepting. */
export const invitationSchema = z.strictObject({
  marketName: z.string(),
  /** The owner's name (or e-mail) who invited them. */
  invitedBy: z.string(),
  email: z.string(),
  level: employeeLevelSchema,
  expiresAt: timestampSchema,
  status: z.enum(['pending', 'expired', 'accepted']),
});
export type Invitation = z.infer<typeof invitationSchema>;
