/**
 * Semantic checks beside the syntax: agent IATA code format, charge totals that do not add up.
 * (Zero or missing dimensions are checked where dimensions are read, in `blocks.dimension`.)
 */
import type { Issues } from '../issues';
import type { ChargeSummary, OtherCharge, RateLine } from './charges';
import { colAt, type Group, type Line } from './lines';
import type { Agent } from './schemas';

/**
 * AGT / CUS: the IATA cargo agent numeric code is 7 digits, the CASS address 4 digits. An 11-digit
 * code (the two run together) is split with a warning; anything else is an error.
 */
export function checkAgent(agent: Agent, group: Group, issues: Issues): void {
  const line = group.lines[0] as Line;
  const code = agent.iataCode;
  if (code !== undefined && !/^\d{7}$/.test(code)) {
    if (/^\d{11}$/.test(code) && agent.cassAddress === undefined) {
      agent.iataCode = code.slice(0, 7);
      agent.cassAddress = code.slice(7);
      issues.warn(
        line.no,
        colAt(line, 2),
        'BAD_AGENT_CODE',
        `IATA agent code and CASS address written together: read as ${agent.iataCode} and ${agent.cassAddress}`,
      );
    } else {
      issues.error(line.no, colAt(line, 2), 'BAD_AGENT_CODE', `IATA agent code must be 7 digits: ${code}`);
    }
  }
  const cass = agent.cassAddress;
  if (cass !== undefined && !/^\d{4}$/.test(cass))
    issues.error(line.no, colAt(line, 3), 'BAD_AGENT_CODE', `CASS address must be 4 digits: ${cass}`);
}

/** Amount in ten-thousandths, exact for the up to 4 decimals Cargo-IMP allows. */
function units(amount: string | undefined): number {
  if (amount === undefined) return 0;
  const [int = '0', frac = ''] = amount.split('.');
  return Number(int) * 10000 + Number(frac.padEnd(4, '0').slice(0, 4));
}

const fmt = (u: number): string => (u / 10000).toFixed(2);

/** Differences up to one cent are rounding, not a mismatch. */
const TOLERANCE = 100;

export interface SummaryCheck {
  summary: ChargeSummary;
  group: Group;
  /** 'P' for PPD, 'C' for COL. */
  pc: 'P' | 'C';
}

/**
 * PPD / COL: weight charge + valuation + taxes + other charges due agent + due carrier = total;
 * OA and OC equal the OTH charges of the same prepaid/collect kind; the weight charges of PPD and
 * COL together equal the totals of the rate lines. Each mismatch is a warning on the summary line.
 */
export function checkCharges(
  summaries: readonly SummaryCheck[],
  rates: readonly RateLine[],
  others: readonly OtherCharge[],
  issues: Issues,
): void {
  for (const { summary: s, group, pc } of summaries) {
    const line = group.lines[0] as Line;
    const id = pc === 'P' ? 'PPD' : 'COL';
    if (s.total !== undefined) {
      const sum = units(s.weight) + units(s.valuation) + units(s.taxes) + units(s.dueAgent) + units(s.dueCarrier);
      if (Math.abs(sum - units(s.total)) > TOLERANCE)
        issues.warn(
          line.no,
          line.col,
          'TOTALS_MISMATCH',
          `${id} total ${s.total} differs from WT+VC+TX+OA+OC = ${fmt(sum)}`,
        );
    }
    const mine = others.filter((o) => o.pc === pc);
    if (mine.length > 0) {
      for (const [ent, key, code] of [
        ['A', 'dueAgent', 'OA'],
        ['C', 'dueCarrier', 'OC'],
      ] as const) {
        const sum = mine.filter((o) => o.entitlement === ent).reduce((a, o) => a + units(o.amount), 0);
        const given = s[key];
        if (given !== undefined && Math.abs(sum - units(given)) > TOLERANCE)
          issues.warn(
            line.no,
            line.col,
            'TOTALS_MISMATCH',
            `${id} ${code} ${given} differs from the sum of the OTH charges due ${ent === 'A' ? 'agent' : 'carrier'} (${fmt(sum)})`,
          );
      }
    }
  }
  const withWeight = summaries.filter((x) => x.summary.weight !== undefined);
  const rated = rates.filter((r) => r.total !== undefined);
  if (withWeight.length > 0 && rated.length > 0) {
    const sumRates = rated.reduce((a, r) => a + units(r.total), 0);
    const sumWeight = withWeight.reduce((a, x) => a + units(x.summary.weight), 0);
    if (Math.abs(sumRates - sumWeight) > TOLERANCE) {
      const line = (withWeight[0] as SummaryCheck).group.lines[0] as Line;
      issues.warn(
        line.no,
        line.col,
        'TOTALS_MISMATCH',
        `Weight charge ${fmt(sumWeight)} differs from the total of the rate lines (${fmt(sumRates)})`,
      );
    }
  }
}
