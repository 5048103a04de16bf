/** Shared types for every message family (Cargo-IMP, SSIM, Type B). */

export type Severity = 'error' | 'warning';

export type IssueCode =
  | 'EMPTY'
  | 'UNKNOWN_TYPE'
  | 'BAD_HEADER'
  | 'UNSUPPORTED_VERSION'
  | 'MISSING_LINE'
  | 'MISSING_ELEMENT'
  | 'BAD_ELEMENT'
  | 'BAD_AWB'
  | 'AWB_CHECK_DIGIT'
  | 'BAD_DATE'
  | 'BAD_TIME'
  | 'BAD_NUMBER'
  | 'BAD_CODE'
  | 'UNKNOWN_LINE'
  | 'EXTRA_ELEMENT'
  | 'LINE_TOO_LONG'
  | 'BAD_CHARACTER'
  | 'MESSAGE_TOO_LONG'
  | 'MISSING_END'
  | 'PART_SEQUENCE'
  | 'INCOMPLETE'
  | 'ORPHAN_CONTINUATION'
  | 'OLD_FORMAT'
  | 'RECORD_LENGTH'
  | 'RECORD_SERIAL'
  | 'BAD_RECORD'
  | 'BAD_ENVELOPE'
  | 'BAD_ADDRESS'
  | 'SUBJECT_MISMATCH'
  | 'MISSING_HEADER'
  | 'BAD_AGENT_CODE'
  | 'BAD_DIMENSION'
  | 'TOTALS_MISMATCH';

export interface Issue {
  /** 1-based line (or SSIM record line) in the text given to `parse`. */
  line: number;
  /** 1-based column of the offending element. */
  column: number;
  code: IssueCode;
  severity: Severity;
  text: string;
}

export interface ParseOptions {
  /** Severity of a wrong AWB check digit (serial mod 7). Default: 'error'. */
  checkDigitSeverity?: Severity;
}

export interface ParseResult<T> {
  message: T;
  issues: Issue[];
}

export const MESSAGE_TYPES = [
  'FWB',
  'FHL',
  'FFM',
  'FBL',
  'FSU',
  'FSA',
  'FFR',
  'FFA',
  'CSN',
  'FMA',
  'FNA',
  'UWS',
  'SSIM',
  'SSM',
  'ASM',
  'MVT',
  'LDM',
  'CPM',
  'UCM',
  'FWR',
  'FHR',
  'FBR',
  'FAD',
  'FDA',
  'FSR',
  'FVR',
] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Types the library reads but does not write (AHM load-control telegrams, Cargo-IMP requests and advices). */
export const PARSE_ONLY_TYPES = ['MVT', 'LDM', 'CPM', 'UCM', 'FWR', 'FHR', 'FBR', 'FAD', 'FDA', 'FSR', 'FVR'] as const;
export type ParseOnlyType = (typeof PARSE_ONLY_TYPES)[number];

export function isParseOnlyType(value: string): value is ParseOnlyType {
  return (PARSE_ONLY_TYPES as readonly string[]).includes(value);
}

export function isMessageType(value: string): value is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
