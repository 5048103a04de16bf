import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './auth';
import { message, notFound } from './errors';

/**
 * The building blocks of the module policies (decision 008). A policy (`<module>.policy.ts`) turns the caller into a
 * scope; repositories take the scope as an argument and put it into their WHERE clause, so a query cannot forget the
 * tenant. A row outside the scope is simply not found: the API answers 404 whether it exists or not.
 */

/** Rows of every company (the platform), of one company, or of none (a caller acting for no company). */
export type CompanyScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'none' };

export const ALL: CompanyScope = { kind: 'all' };

/** The platform reaches every company; anyone else only the company it acts for now. */
export function ownCompany(auth: AuthContext): CompanyScope {
  if (auth.companyType === 'platform') return ALL;
  return auth.companyId === null ? { kind: 'none' } : { kind: 'company', companyId: auth.companyId };
}

/** The scope as a condition on the column that holds a row's company id. */
export function inScope(scope: CompanyScope, column: AnyPgColumn | SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`${column} = ${scope.companyId}`;
}

/** Whether a company id is inside the scope (for checks that need no query). */
export function covers(scope: CompanyScope, companyId: number): boolean {
  return scope.kind === 'all' || (scope.kind === 'company' && scope.companyId === companyId);
}

export const companyNotFound = () => notFound(message('companyUnknown'));
