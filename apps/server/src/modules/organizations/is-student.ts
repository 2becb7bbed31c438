import { sql } from 'drizzle-orm';
import { profiles, userRoles } from './organizations.tables.ts';

/**
 * A learner by the tables alone, as resolveRole reads them (SPEC 6: the user_roles row first, then
 * the profile's role): `coalesce(user_roles.role, profiles.role) = 'student'`, written so that a list
 * of learners costs one look at the few role rows that are not a learner's (a partial index) instead
 * of a lookup per profile, which was half of the connection logs' page (issue 12). user_roles holds
 * at most one row per account, so a profile saying 'student' is a learner unless its row says
 * otherwise; any other profile is looked up as before (CASE keeps that lookup to those rows). A join
 * to user_roles instead led PostgreSQL to scan the whole table under its policy, for every list.
 */
export const isStudent = sql`case when ${profiles.role} = 'student'
  then ${profiles.id} not in (select ${userRoles.userId} from ${userRoles} where ${userRoles.role} <> 'student')
  else coalesce((select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${profiles.id}), ${profiles.role}) = 'student' end`;
